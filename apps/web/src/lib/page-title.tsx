import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

const TitleContext = createContext<{ title: string; setTitle(title: string): void }>({
  title: '',
  setTitle: () => {},
});

/** `initialTitle`: the title a screen the server rendered showed, so that taking it over keeps it. */
export function PageTitleProvider({
  children,
  initialTitle = '',
}: {
  children: ReactNode;
  initialTitle?: string;
}) {
  const [title, setTitle] = useState(initialTitle);
  return <TitleContext.Provider value={{ title, setTitle }}>{children}</TitleContext.Provider>;
}

export const usePageTitleValue = () => useContext(TitleContext).title;

/** Sets the title bar's text (and the document's) while the calling screen is shown. */
export function usePageTitle(title: string): void {
  const { setTitle } = useContext(TitleContext);
  useEffect(() => {
    setTitle(title);
    document.title = title ? `${title} · Quits` : 'Quits';
  }, [title, setTitle]);
}
