// The queue part's target for time a request spent behind background work (a
// timer with no request behind it held the loop): summarize.ts measures it
// apart from queueing behind other requests, sentence.ts names the timer.
export const BACKGROUND_QUEUE = 'background';

// The 'other' part's target for time before the server read a request beyond what its busy loop can explain
// (summarize.ts withQueueBeforeRead): the load generator or the machine was slow to deliver it, not the server.
export const BEFORE_READ = 'before read';
