import { QueryClient } from '@tanstack/react-query';

/**
 * The one query cache of the app. Queries run even when the browser says it is offline: their
 * functions fall back to what the device keeps, so that every screen shows the last known state.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      networkMode: 'always',
      // A 4xx will not change by asking again; a network failure may, once there is a network.
      retry: (count, error) =>
        navigator.onLine && count < 2 && !('status' in error && Number(error.status) >= 400),
    },
    mutations: { networkMode: 'always' },
  },
});
