/** Past this the database counts as unreachable: a load balancer's check must not hang. */
const DATABASE_TIMEOUT_MS = 2_000;

/** Resolves true when `run` (a `select 1`) answers in time; never rejects. */
export async function databaseAnswers(run: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
