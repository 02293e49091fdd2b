// The public API of shared/verdict: what Flambé says — the findings of a
// profile, what to do about each, the trust and load checks, the regex check,
// and the sentences of the verdict (the comparison's verdict is
// compare-verdict.ts, reached through shared/compare/index.ts).
export { findFindings, FINDING_KINDS, FUNCTION_MIN_BUSY_PERCENT, MAX_FINDINGS, MIN_BUSY_PERCENT, type Finding, type FindingKind, type FindingsOptions, type FindingsResult, type Spread } from './findings.ts';
export { adviceFor } from './advice.ts';
export { loadChecks, shareInterval, trustChecks, type Check, type RecordingContext } from './checks.ts';
export { recordingContext } from './recording-context.ts';
export { allocatesText, buildVerdict, emptyVerdictSentence, findingHeadline, leadCheck, findingPackage, findingSentence, findingWhere, shortPlace, spreadSentence, tieSentence, verdictLines, type Verdict } from './profile-verdict.ts';
export { routeCauseLines, routeCauses, type RouteCause } from './route-causes.ts';
export { cachingRegexChecker, readRecheckResult, REGEX_CHECK_TIMEOUT_MS, regexCheckSentence, type RecheckSync, type RegexCheck, type RegexChecker } from './regex-check.ts';
export { hotLinePattern, regexDefinedOnLine, regexOnLine, type RegexOnLine, type RegexPattern } from './regex-source.ts';
