import { describe, expect, it } from 'vitest';
import { deviceOf } from './first-screen-device';

describe('the device a first screen is rendered for', () => {
  it('is a light device of the browser language, who has not said who it is, without cookies', () => {
    expect(deviceOf({ cookies: {}, acceptLanguage: 'de-CH,de;q=0.9,en;q=0.8' })).toEqual({
      language: 'de',
      locale: 'de-CH',
      mode: 'light',
      whoami: null,
    });
  });

  it('takes the saved choices from the cookies the app keeps', () => {
    expect(
      deviceOf({
        cookies: { locale: 'fr', theme: 'dark', whoami: 'a1b2' },
        acceptLanguage: 'en-GB',
      }),
    ).toEqual({ language: 'fr', locale: 'en-GB', mode: 'dark', whoami: 'a1b2' });
  });

  it('speaks English for a language Quits does not speak, and ignores choices it does not know', () => {
    expect(deviceOf({ cookies: { locale: 'xx', theme: 'blue' }, acceptLanguage: 'hu-HU' })).toEqual(
      { language: 'en', locale: 'hu-HU', mode: 'light', whoami: null },
    );
  });

  it('speaks Hebrew for its old code iw and Arabic for ar-SA, writing numbers as asked', () => {
    expect(deviceOf({ cookies: {}, acceptLanguage: 'iw' })).toMatchObject({ language: 'he' });
    expect(deviceOf({ cookies: {}, acceptLanguage: 'ar-SA,ar;q=0.9' })).toMatchObject({
      language: 'ar',
      locale: 'ar-SA',
    });
  });

  it('writes numbers in English when the request names no language, or one Intl cannot read', () => {
    expect(deviceOf({ cookies: {} })).toMatchObject({ language: 'en', locale: 'en' });
    expect(deviceOf({ cookies: {}, acceptLanguage: '' })).toMatchObject({ locale: 'en' });
    expect(deviceOf({ cookies: {}, acceptLanguage: '"><b>,en' })).toMatchObject({ locale: 'en' });
    expect(deviceOf({ cookies: {}, acceptLanguage: '*' })).toMatchObject({ locale: 'en' });
  });
});
