import i18next from 'i18next';

/**
 * Resolves once the texts holding `key` are in: at once for the first screens' texts, else when
 * the later part of the language's texts has come (app/text-parts.ts), so that a dialog opened
 * early never shows its keys.
 */
export function textsReady(key: string): Promise<void> {
  if (i18next.exists(key)) return Promise.resolve();
  return new Promise((resolve) => {
    const added = () => {
      if (!i18next.exists(key)) return;
      i18next.store.off('added', added);
      resolve();
    };
    i18next.store.on('added', added);
  });
}

/** `load`'s module once it and the texts holding `key` are in: for a lazily loaded dialog. */
export function withTexts<Module>(key: string, load: () => Promise<Module>): Promise<Module> {
  return Promise.all([load(), textsReady(key)]).then(([module]) => module);
}
