// The public API of shared/profile: the model, its importers, views, transforms,
// diff and exporters. What Flambé says about a profile is in shared/verdict/.
// README.md explains the model and the timing rule.
export type { Frame, FrameKind, LineTicks, Profile } from './model.ts';
export { displayFile, frameLocation, functionKey, isMetaKind, sourceLineKey } from './model.ts';
export { isProfileFormatError, ProfileFormatError } from './format-error.ts';

export { importProfile, importProfileWithFormat, type ImportedProfile, type ProfileFormat } from './import/any-format.ts';
export { importCpuProfile, isCpuProfile, type CpuProfile, type CpuProfileNode } from './import/cpuprofile.ts';
export { importChromeTrace, isChromeTrace } from './import/chrome-trace.ts';
export { binaryKind, profileTextFromBytes, readProfileBytes } from './import/binary-files.ts';
export { decodePprof, importPprof, type PprofData } from './import/pprof.ts';

export { buildFlameTree, type FlameNode, type FlameOptions } from './views/flame.ts';
export { searchCallNodes, searchFlame, visibleFlameTree, type FlameSearchResult, type SearchableCallNodes, type VisibleFlameNode, type VisibleFlameOptions } from './views/flame-view.ts';
export { buildCallTree, type CallTreeNode, type CallTreeOptions } from './views/call-tree.ts';
export { bottomUp, groupTimes, type BottomUpOptions, type BottomUpRow } from './views/bottom-up.ts';
export { groupFrames, type Group, type Grouping } from './frame-groups.ts';
export { callNodeTable, callNodePath, findCallNode, type CallNodeTable } from './call-nodes.ts';
export { CATEGORY_HELP, CATEGORY_LABELS, categoryTitle, classifyFrame, notCodeWords, packageName, type CategoryKind, type FrameClass } from './classify.ts';
export { BUCKET_HELP, BUCKET_IDS, BUCKET_LABELS, frameBucket, type BucketId } from './buckets.ts';
export { bucketBreakdown, categoryBreakdown, cpuSplit, msPerThousandRequests, SPLIT_FIELD, SPLIT_LABELS, type BucketCaller, type BucketRow, type CategoryRow } from './views/categories.ts';
export {
  hotLines, lineBucket, MAX_LINE_TEXT, readSourceLines, sourceLineText, storedLineText, writeSourceLines, type HotLine,
} from './lines.ts';
export {
  cpuMsOf, cpuPerSampledMs, cpuWords, hasCpu, isCpuTime, perRequestOf, sampledTimes, SAMPLED_TIME_NOTE, withRequests, type PerRequest,
} from './cpu-time.ts';
export { analyzeProfile, type AnalysisOptions, type FunctionSummary, type FunctionTimes, type ProfileAnalysis } from './views/analyze.ts';

export {
  applyTransform, applyTransforms, collapseNodeInternals, collapsePackage, collapseRecursion, dropFunction, dropMeta,
  focusFunction, focusSubtree, mergeFunction, type Transform,
} from './transforms.ts';

export { sampleTimesMs, timeBins, timeRange, type TimeBin } from './time-range.ts';
export { buildFlameChart, chartIndex, formatFlameChart, visibleChartSpans, walkSpans, type ChartIndex, type ChartRects, type ChartViewport, type FlameChart } from './views/flame-chart.ts';

export { diffProfiles, matchFunctions, type DiffOptions, type DiffRow, type DiffSide, type DiffStatus, type ProfileDiff } from './views/diff.ts';
export { buildDiffFlameTree, type DiffFlameNode, type DiffFlameOptions } from './views/diff-flame.ts';

export { exportCpuProfile, exportCpuProfileText } from './export/export-cpuprofile.ts';
export { exportCollapsed, type CollapsedOptions } from './export/export-collapsed.ts';
export { exportSpeedscope, type SpeedscopeFile } from './export/export-speedscope.ts';
export { exportTrace } from './export/export-trace.ts';
export { exportThreadsCpuProfileText, importThreads, importWholeProcess, importWholeProcessWithAllocations, type ImportedThreads, type ThreadAllocations } from './import/all-threads.ts';
export { MAIN_THREAD_NAME, type NamedProfile } from './threads.ts';
