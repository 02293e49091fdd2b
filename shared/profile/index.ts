// The public API of shared/profile: import, views, transforms, diff, export.
// README.md explains the model and the timing rule.
export type { Frame, FrameKind, LineTicks, Profile } from './model.ts';
export { displayFile, frameLocation, functionKey, isMetaKind, sourceLineKey } from './model.ts';
export { isProfileFormatError, ProfileFormatError } from './errors.ts';

export { importProfile, importProfileWithFormat, type ImportedProfile, type ProfileFormat } from './import.ts';
export { importCpuProfile, isCpuProfile, type CpuProfile, type CpuProfileNode } from './cpuprofile.ts';
export { importChromeTrace, isChromeTrace } from './chrome-trace.ts';
export { binaryKind, profileTextFromBytes, readProfileBytes } from './binary-files.ts';
export { decodePprof, importPprof, type PprofData } from './pprof.ts';

export { buildFlameTree, type FlameNode, type FlameOptions } from './flame.ts';
export { searchFlame, visibleFlameTree, type FlameSearchResult, type VisibleFlameNode, type VisibleFlameOptions } from './flame-view.ts';
export { buildCallTree, type CallTreeNode, type CallTreeOptions } from './call-tree.ts';
export { bottomUp, groupTimes, type BottomUpOptions, type BottomUpRow } from './bottom-up.ts';
export { groupFrames, type Group, type Grouping } from './groups.ts';
export { callNodeTable, callNodePath, findCallNode, type CallNodeTable } from './call-nodes.ts';
export { CATEGORY_HELP, CATEGORY_LABELS, categoryTitle, classifyFrame, packageName, type CategoryKind, type FrameClass } from './classify.ts';
export { BUCKET_HELP, BUCKET_IDS, BUCKET_LABELS, frameBucket, type BucketId } from './buckets.ts';
export { bucketBreakdown, categoryBreakdown, cpuSplit, msPerThousandRequests, SPLIT_FIELD, SPLIT_LABELS, type BucketCaller, type BucketRow, type CategoryRow } from './categories.ts';
export {
  hotLines, lineBucket, MAX_LINE_TEXT, readSourceLines, SOURCE_LINES_FIELD, sourceLineText, storedLineText, writeSourceLines, type HotLine,
} from './lines.ts';
export { findFindings, FINDING_KINDS, FUNCTION_MIN_BUSY_PERCENT, MAX_FINDINGS, MIN_BUSY_PERCENT, type Finding, type FindingKind, type FindingsOptions, type FindingsResult, type Spread } from './findings.ts';
export { adviceFor } from './advice.ts';
export { loadChecks, shareInterval, trustChecks, type Check, type RecordingContext } from './checks.ts';
export { allocatesText, buildVerdict, emptyVerdictSentence, findingHeadline, leadCheck, findingSentence, findingWhere, shortPlace, spreadSentence, verdictLines, type Verdict } from './verdict.ts';
export { cachingRegexChecker, readRecheckResult, REGEX_CHECK_TIMEOUT_MS, regexCheckSentence, type RecheckSync, type RegexCheck, type RegexChecker } from './regex-check.ts';
export { hotLinePattern, regexDefinedOnLine, regexOnLine, type RegexOnLine, type RegexPattern } from './regex-source.ts';
export { analyzeProfile, type AnalysisOptions, type FunctionSummary, type FunctionTimes, type ProfileAnalysis } from './analyze.ts';

export {
  applyTransform, applyTransforms, collapseNodeInternals, collapsePackage, collapseRecursion, dropFunction, dropMeta,
  focusFunction, focusSubtree, mergeFunction, type Transform,
} from './transforms.ts';

export { sampleTimesMs, timeBins, timeRange, type TimeBin } from './time-range.ts';
export { buildFlameChart, chartIndex, formatFlameChart, visibleChartSpans, walkSpans, type ChartIndex, type ChartRects, type ChartViewport, type FlameChart } from './flame-chart.ts';

export { diffProfiles, matchFunctions, type DiffOptions, type DiffRow, type DiffSide, type DiffStatus, type ProfileDiff } from './diff.ts';
export { buildDiffFlameTree, type DiffFlameNode, type DiffFlameOptions } from './diff-flame.ts';

export { exportCpuProfile, exportCpuProfileText } from './export-cpuprofile.ts';
export { exportCollapsed, type CollapsedOptions } from './export-collapsed.ts';
export { exportSpeedscope, type SpeedscopeFile } from './export-speedscope.ts';
export { exportTrace } from './export-trace.ts';
export { exportThreadsCpuProfileText, importThreads, importWholeProcess, type ImportedThreads } from './import-threads.ts';
export { MAIN_THREAD_NAME, type NamedProfile } from './threads.ts';
