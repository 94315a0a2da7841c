import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERPOLATION } from './text-isolation';

const i18n = i18next.createInstance();

describe('values written into a text', () => {
  beforeAll(async () => {
    await i18n.init({
      lng: 'ar',
      resources: {
        ar: { translation: { event: { pays: '{{from}} يدفع لـ {{to}}' } } },
        en: { translation: { event: { pays: '{{from}} pays {{to}}' } } },
      },
      interpolation: INTERPOLATION,
    });
    await i18next.init({ lng: 'ar', resources: {} });
  });
  afterAll(() => i18next.changeLanguage('en'));

  it('are isolated from the text around them right to left, and left as they are otherwise', async () => {
    expect(i18n.t('event.pays', { from: 'Ana', to: 'Bob' })).toBe(
      '\u2068Ana\u2069 يدفع لـ \u2068Bob\u2069',
    );
    await i18next.changeLanguage('en');
    await i18n.changeLanguage('en');
    expect(i18n.t('event.pays', { from: 'Ana', to: '<b>' })).toBe('Ana pays <b>');
  });
});
