import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { PageTitleProvider } from './shell/page-title';
import { ThemeModeProvider } from './theme-mode';

const queryClient = new QueryClient({
  defaultOptions: {
    // A 4xx will not change by asking again; a network failure may.
    queries: {
      retry: (count, error) => count < 2 && !('status' in error && Number(error.status) >= 400),
    },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeModeProvider>
        <PageTitleProvider>
          <RouterProvider router={router} />
        </PageTitleProvider>
      </ThemeModeProvider>
    </QueryClientProvider>
  );
}
