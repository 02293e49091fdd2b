// The queue part's target for time a request spent behind background work (a
// timer with no request behind it held the loop): summarize.ts measures it
// apart from queueing behind other requests, sentence.ts names the timer.
export const BACKGROUND_QUEUE = 'background';
