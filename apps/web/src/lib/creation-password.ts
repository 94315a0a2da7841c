import { isString, readStored, STORAGE_KEYS, writeStored } from './storage';

/**
 * The password a server may ask before it creates an event (EVENT_CREATION=password), as this
 * device last sent it: kept, so that a person asked once is not asked at every new event, and
 * so that an event created offline is sent with it once the device is online.
 */
export function creationPassword(): string {
  return readStored(STORAGE_KEYS.creationPassword, isString) ?? '';
}

export function setCreationPassword(password: string): void {
  writeStored(STORAGE_KEYS.creationPassword, password);
}

/**
 * The header a request that creates an event carries the password in, percent-encoded (a header
 * holds Latin-1 only); none when there is none.
 */
export function creationPasswordHeaders(): Record<string, string> {
  const password = creationPassword();
  return password === '' ? {} : { 'Creation-Password': encodeURIComponent(password) };
}
