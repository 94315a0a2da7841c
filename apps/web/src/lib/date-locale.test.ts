import { describe, expect, it } from 'vitest';
import { dateLocaleKey, loadDateLocale } from './date-locale';

describe('the calendar rules of a language', () => {
  it('follow the region for English only: the United States, else British usage', () => {
    expect(dateLocaleKey('en')).toBe('en-US');
    expect(dateLocaleKey('en-US')).toBe('en-US');
    expect(dateLocaleKey('en-GB')).toBe('en-GB');
    expect(dateLocaleKey('en-AU')).toBe('en-GB');
    expect(dateLocaleKey('de-AT')).toBe('de');
    expect(dateLocaleKey('zh-CN')).toBe('zh');
    expect(dateLocaleKey('pt-BR')).toBe('pt-BR');
    expect(dateLocaleKey('pt-PT')).toBe('pt-PT');
    expect(dateLocaleKey('pt')).toBe('pt-BR');
    expect(dateLocaleKey('no')).toBe('nb');
    expect(dateLocaleKey('ar-SA-u-nu-latn')).toBe('ar');
    expect(dateLocaleKey('xx-YY')).toBe('en-US');
  });

  it('start the week on Monday in German and Vietnamese, on Sunday in American English', async () => {
    expect((await loadDateLocale('de')).options?.weekStartsOn).toBe(1);
    expect((await loadDateLocale('vi')).options?.weekStartsOn).toBe(1);
    expect((await loadDateLocale('en-US')).options?.weekStartsOn).toBe(0);
  });

  it('start the week on Saturday in Arabic and on Sunday in Hebrew', async () => {
    expect((await loadDateLocale('ar')).options?.weekStartsOn).toBe(6);
    expect((await loadDateLocale('he')).options?.weekStartsOn).toBe(0);
  });

  it('load once per language', () => {
    expect(loadDateLocale('de-CH')).toBe(loadDateLocale('de'));
  });
});
