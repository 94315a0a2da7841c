import { QueryClientProvider } from '@tanstack/react-query';
import { PageTitleProvider } from '@web/lib/page-title';
import { queryClient } from '@web/lib/query-client';
import type { ReactNode } from 'react';
import { DirectionStyles } from './direction';
import { ThemeModeProvider } from './theme-mode';

/**
 * What every screen stands in: the query cache, the styles of the language's direction, the theme and the title bar's text. `children` is
 * the router: the browser's (main.tsx), or the one the server renders a first screen with; `title`
 * the title bar's text of a screen the server rendered, which the screen itself sets only once it
 * runs.
 */
export function App({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <QueryClientProvider client={queryClient}>
      <DirectionStyles>
        <ThemeModeProvider>
          <PageTitleProvider initialTitle={title}>{children}</PageTitleProvider>
        </ThemeModeProvider>
      </DirectionStyles>
    </QueryClientProvider>
  );
}
