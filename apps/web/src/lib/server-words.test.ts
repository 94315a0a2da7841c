import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { answerFieldErrors, answerMessage, wordServerMessage } from './server-words';

beforeAll(async () => {
  await i18next.init({
    lng: 'de',
    resources: {
      de: {
        translation: {
          serverMessage: {
            name_taken: 'Es gibt schon eine Person namens {{name}}.',
            too_long: 'Höchstens {{max}} Zeichen.',
            person_in_use_one: '{{name}} kommt noch in {{count}} Ausgabe vor.',
            person_in_use_other: '{{name}} kommt noch in {{count}} Ausgaben vor.',
          },
        },
      },
    },
  });
});

describe('the server’s messages in the person’s language', () => {
  it('words a known code with the server’s parameters, unescaped', () => {
    expect(wordServerMessage('name_taken', { name: 'Zoë & <Ben>' }, 'English')).toBe(
      'Es gibt schon eine Person namens Zoë & <Ben>.',
    );
    expect(wordServerMessage('person_in_use', { name: 'Ana', count: 1 }, 'English')).toBe(
      'Ana kommt noch in 1 Ausgabe vor.',
    );
    expect(wordServerMessage('person_in_use', { name: 'Ana', count: 3 }, 'English')).toBe(
      'Ana kommt noch in 3 Ausgaben vor.',
    );
  });

  it('keeps the server’s English for a code it does not know, or none', () => {
    expect(wordServerMessage('from_a_newer_server', {}, 'Some English.')).toBe('Some English.');
    expect(wordServerMessage(undefined, undefined, 'Some English.')).toBe('Some English.');
    expect(wordServerMessage(42, null, 'Some English.')).toBe('Some English.');
    // A code is a catalogue name, never a path into other texts.
    expect(wordServerMessage('../app.name', {}, 'Some English.')).toBe('Some English.');
  });

  it('words an answer and each of its field messages by position', () => {
    const answer = {
      message: 'There is already a person called Ana.',
      code: 'name_taken',
      params: { name: 'Ana' },
      errors: { name: ['There is already a person called Ana.'], title: ['Too long', 'Odd'] },
      error_codes: {
        name: [{ code: 'name_taken', params: { name: 'Ana' } }],
        title: [{ code: 'too_long', params: { max: 120 } }],
      },
    };
    expect(answerMessage(answer, 'Conflict')).toBe('Es gibt schon eine Person namens Ana.');
    expect(answerFieldErrors(answer)).toEqual({
      name: ['Es gibt schon eine Person namens Ana.'],
      title: ['Höchstens 120 Zeichen.', 'Odd'],
    });
  });

  it('reads whatever came back without failing: an old server, a proxy’s page, nothing', () => {
    expect(answerMessage(null, 'Bad Gateway')).toBe('Bad Gateway');
    expect(answerFieldErrors(null)).toEqual({});
    expect(answerFieldErrors({ errors: { a: ['x', 3, null] }, error_codes: 'no' })).toEqual({
      a: ['x'],
    });
    expect(answerFieldErrors({ errors: ['not', 'a', 'map'] })).toEqual({});
  });
});
