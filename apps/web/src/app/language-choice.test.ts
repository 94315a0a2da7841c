import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language-choice';

const SPOKEN = new Set(['en', 'de', 'fr']);

describe('the app’s language', () => {
  it('is the saved choice when the app speaks it', () => {
    expect(chooseLanguage('fr', 'de-CH', SPOKEN)).toBe('fr');
  });

  it('is the browser’s language, without its region, when nothing is saved', () => {
    expect(chooseLanguage(null, 'de-CH', SPOKEN)).toBe('de');
    expect(chooseLanguage(null, 'de', SPOKEN)).toBe('de');
  });

  it('passes over a saved choice the app does not speak', () => {
    expect(chooseLanguage('xx', 'de-AT', SPOKEN)).toBe('de');
    expect(chooseLanguage('', 'fr-BE', SPOKEN)).toBe('fr');
  });

  it('is English when neither the choice nor the browser’s language is spoken', () => {
    expect(chooseLanguage('xx', 'pt-BR', SPOKEN)).toBe('en');
    expect(chooseLanguage(null, '', SPOKEN)).toBe('en');
  });

  it('only chooses among the languages it is given', () => {
    expect(chooseLanguage('fr', 'de-CH', new Set(['en', 'de']))).toBe('de');
  });

  it('tells the Portuguese of Brazil from Portugal’s, and takes other codes for the same language', () => {
    const spoken = new Set(['en', 'pt-BR', 'pt-PT', 'nb', 'he']);
    expect(chooseLanguage(null, 'pt-BR', spoken)).toBe('pt-BR');
    expect(chooseLanguage(null, 'pt-PT', spoken)).toBe('pt-PT');
    expect(chooseLanguage(null, 'pt-AO', spoken)).toBe('pt-PT');
    expect(chooseLanguage(null, 'pt', spoken)).toBe('pt-BR');
    expect(chooseLanguage(null, 'no', spoken)).toBe('nb');
    expect(chooseLanguage(null, 'nb-NO', spoken)).toBe('nb');
    expect(chooseLanguage(null, 'nn', spoken)).toBe('nb');
    expect(chooseLanguage(null, 'iw', spoken)).toBe('he');
    expect(chooseLanguage(null, 'he-IL', spoken)).toBe('he');
    expect(chooseLanguage('pt-PT', 'pt-BR', spoken)).toBe('pt-PT');
  });
});
