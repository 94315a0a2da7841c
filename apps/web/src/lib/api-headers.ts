/**
 * The spec's headers of every API call: this device's id (lib/device-id.ts) and, on a change,
 * the person making it. The app's calls (http.ts) and the first-screen script's, which asks the
 * API before the app runs (app/first-screen-script/), both send these. No imports: the
 * first-screen script is inlined in every page.
 */
export function apiHeadersOf(device: string, whoAmI?: string | null): Record<string, string> {
  const headers: Record<string, string> = {
    'X-Requested-With': 'XMLHttpRequest',
    'Device-ID': device,
  };
  if (whoAmI) headers['Who-Am-I'] = whoAmI;
  return headers;
}
