import { describe, expect, it } from 'vitest';
import { choosePort, portQuestion, withSeveralAddresses } from './port-choice.ts';
import { defaultLoadForm } from '../lib/forms.ts';

const two = ['http://127.0.0.1:40001/', 'http://127.0.0.1:40000/'];

describe('which port to load (issue 23 item 8)', () => {
  it('asks when the script listens on several ports and the URL is Flambé\'s guess or empty', () => {
    expect(portQuestion({ url: 'http://127.0.0.1:40001/', urlFromSuggestion: true }, two)).toBe(
      'This script listens on 2 ports (40001, 40000): choose the one to load under Load — Flambé will not guess, since a recording of the wrong server reads like a right one.');
    expect(portQuestion({ url: '', urlFromSuggestion: false }, two)).not.toBeNull();
  });

  it('does not ask with one port, nor once the user chose or typed a URL', () => {
    expect(portQuestion({ url: 'http://127.0.0.1:40000/', urlFromSuggestion: true }, [two[1]])).toBeNull();
    expect(portQuestion({ url: 'http://127.0.0.1:40000/login', urlFromSuggestion: false }, two)).toBeNull();
  });

  it('keeps the path the form had on the chosen port, and takes back a guessed URL when several ports appear', () => {
    const form = { ...defaultLoadForm, url: 'http://127.0.0.1:3000/login?x=1', urlFromSuggestion: false };
    expect(choosePort(form, two[1])).toMatchObject({ url: 'http://127.0.0.1:40000/login?x=1', urlFromSuggestion: false });
    expect(choosePort({ ...form, url: '' }, two[0]).url).toBe('http://127.0.0.1:40001/');
    expect(withSeveralAddresses({ ...form, urlFromSuggestion: true }).url).toBe('');
    expect(withSeveralAddresses(form)).toBe(form);
  });
});
