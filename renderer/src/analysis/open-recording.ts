// What the analysis worker (or the UI thread's backend) holds for one open
// recording: its profile read once, and an engine per thread asked for, kept,
// so switching threads and back neither fetches nor reads nor imports again.
import { readRecordingThreads, type RecordingThreads } from '../../../shared/profile/import/open-thread.ts';
import { AnalysisEngine } from './engine.ts';
import type { OpenResult } from './protocol.ts';

export class OpenRecording {
  private readonly engines = new Map<number, AnalysisEngine>();
  private readonly recording: RecordingThreads;

  /** Reads the profile (text, bytes or parsed JSON); throws ProfileFormatError for one that is no JSON. */
  constructor(profile: unknown) {
    this.recording = readRecordingThreads(profile);
  }

  get opened(): OpenResult {
    return { threads: this.recording.threads, servedBy: this.recording.servedBy, threadRequests: this.recording.threadRequests, childMemory: this.recording.childMemory };
  }

  /** The engine of one thread, imported on its first ask (throws ProfileFormatError with a sentence for the user). */
  engine(thread: number): AnalysisEngine {
    let engine = this.engines.get(thread);
    if (!engine) {
      engine = AnalysisEngine.at(this.recording, thread);
      this.engines.set(thread, engine);
    }
    return engine;
  }
}
