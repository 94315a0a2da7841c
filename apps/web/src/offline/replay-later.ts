/**
 * Starts sending the waiting changes. The replay's code loads on first use: most visits have
 * nothing waiting, so the first screen does not carry it.
 */
export function replayQueueLater(): void {
  import('./replay')
    .then((replay) => replay.replayQueue())
    .catch((error: unknown) => console.error('Could not send the waiting changes', error));
}
