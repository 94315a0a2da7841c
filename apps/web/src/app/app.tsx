import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './router';
import { PageTitleProvider } from './shell/page-title';
import { ThemeModeProvider } from './theme-mode';

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
