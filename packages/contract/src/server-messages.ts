/**
 * Every message the server answers a client with, by code, in English. An answer carries its
 * code and parameters beside the English text (`code`, `params`), and each field error too
 * (`error_codes`), so the app words them in the person's language: `serverMessage.{code}` in
 * apps/web/src/locales, with the same `{{parameters}}`; `npm run check:i18n` checks that every
 * language has every code. The English here is what API clients read in `message` and `errors`.
 */
export const SERVER_MESSAGES = {
  // Any request
  invalid_data: 'The given data was invalid.',
  no_route: 'There is no {{method}} {{path}}.',
  server_failed: 'Something went wrong on our side; please try again.',
  json_invalid: 'The request body is not valid JSON.',
  json_empty: 'The request body is empty; send a JSON object.',
  json_too_deep: 'The request body nests deeper than {{levels}} levels.',
  body_too_large: 'The request body is too large.',
  media_type: 'Send the request body as application/json.',
  content_length: 'The Content-Length header does not match the body.',
  request_refused: 'This request was refused.',
  path_not_canonical:
    'The address spells out a letter, digit or one of -._~ as a %-code; send it as it is.',
  header_not_uuid: 'The {{name}} header must be one UUID.',
  id_in_use: 'This id is already in use; send the change again with a new id.',
  too_many_writes_device:
    'Too many changes from this device at once; send them again in {{seconds}} s.',
  too_many_writes_network:
    'Too many changes from this network at once; send them again in {{seconds}} s.',
  too_many_uploads_device: 'Too many uploads from this device at once; try again in {{seconds}} s.',
  too_many_uploads_network:
    'Too many uploads from this network at once; try again in {{seconds}} s.',
  too_many_reads:
    'Too many exports, histories or photos asked from this network; try again in {{seconds}} s.',
  busy_receipts: 'Many receipts are being read right now; please try again in {{seconds}} s.',
  busy_statements: 'Many reports are being made right now; please try again in {{seconds}} s.',
  busy_exports: 'Many exports are being made right now; please try again in {{seconds}} s.',
  busy_attachments: 'Many files are being attached right now; please try again in {{seconds}} s.',
  busy_files: 'Many files are being read right now; please try again in {{seconds}} s.',
  busy_imports: 'Many files are being imported right now; please try again in {{seconds}} s.',
  too_many_guesses: 'Too many requests for things that do not exist; try again in {{seconds}} s.',
  disk_low:
    "The server's disk is nearly full, so this was not saved; everything saved before can still be read. Please try again later, or tell whoever runs this server.",
  files_server_full:
    'This server keeps as many files as it may, so this file was not saved; tell whoever runs it.',
  files_server_full_field: 'This server has no room for more files.',
  event_creation_closed:
    'This server does not take new events; the events it keeps work as before. Ask whoever runs it.',
  event_creation_password: 'Creating an event on this server needs its password.',
  event_creation_password_missing: "Enter this server's password.",
  event_creation_password_wrong: "This is not this server's password.",

  // Values of fields, as the request's schema checks them
  required: 'Required.',
  fill_out: 'Please fill out to continue.',
  invalid_type: 'This value has the wrong type.',
  invalid_value: 'This value is not valid.',
  invalid_format: 'This value is not written as it should be.',
  unknown_field: 'This field is not known.',
  too_short: 'Must be at least {{min}} characters.',
  too_long: 'Must be at most {{max}} characters.',
  too_small: 'Must be at least {{min}}.',
  too_large: 'Must be at most {{max}}.',
  list_too_short: 'Must list at least {{min}}.',
  list_too_long: 'Must list at most {{max}}.',
  must_be_text: 'Must be text.',
  must_be_number: 'Must be a number.',
  must_be_uuid: 'Must be a UUID.',
  must_be_boolean: 'Must be true or false.',
  not_negative: 'Must not be negative.',
  above_zero: 'Must be above zero.',
  more_than_zero: 'Must be more than zero.',
  whole_minor_units: 'Must be a whole number of cents (minor units).',
  percentage_range: 'Must be from 0 to 100.',
  two_decimals: 'Must have at most two decimals.',
  date_format: 'Must be a date written as YYYY-MM-DD.',
  date_range: 'Must be a date between 1900 and 2199.',
  date_order: 'Must not be before the start date.',
  period_order: 'The end must not be before the start.',
  no_nul: 'Must not contain the NUL character.',
  unicode: 'Must be valid Unicode text (half of a surrogate pair was sent).',
  currency_code: 'Must be a three-letter ISO 4217 currency code, such as EUR.',
  currency_unknown: '{{currency}} is not a currency we know; choose one from the list.',
  currency_twice: 'This currency is listed twice.',
  own_currency_rate: "The event's own currency needs no exchange rate.",
  event_id_format: 'An event id is 22 to 64 letters, digits, "-" or "_".',
  event_id_guessable:
    'This id is too easy to guess; an event id must be random, such as 16 random bytes in base64url.',
  activity_id: 'Must be an activity id.',
  choose_people: 'Choose at least one person.',
  payers_sum: "The payers' amounts must add up to the amount ({{amount}}); they add up to {{sum}}.",
  split_weights_too_many: 'A split names at most {{max}} people.',
  split_weights_not_people: 'The split may name only people of this event.',
  participants_sum:
    "The participants' amounts must add up to the amount ({{amount}}); they add up to {{sum}}.",
  person_twice: 'This person is listed twice.',
  same_payer_payee: 'The person who pays and the person who receives must be different.',
  days_need_period: 'A split by days present needs the period it covers.',
  type_rate: 'Type the rate.',
  type_charged: 'Type the amount charged.',
  iban_invalid: 'This IBAN is not valid: check it for typos.',
  push_endpoint:
    'Must be an https:// URL of a push service: a host name (not an IP address), no user name or password, no port but 443.',
  push_key: 'Must be a P-256 public key in base64url (65 bytes).',
  push_key_curve: 'Must be a point on the P-256 curve.',
  push_auth: 'Must be 16 bytes in base64url.',
  push_expiry: 'Must be a number of milliseconds, or null.',
  push_expiry_range: 'Must be a date before the year 10000.',
  push_not_found: 'The push service {{host}} could not be found.',
  push_not_public: 'The push service {{host}} is not on the public internet.',
  push_devices_full: 'An event can notify at most {{max}} devices.',

  // Events and their people
  event_not_found: 'This event does not exist, or it was deleted.',
  person_not_found: 'This person does not exist, or it was deleted.',
  expense_not_found: 'This expense does not exist, or it was deleted.',
  payment_not_found: 'This payment does not exist, or it was deleted.',
  receipt_not_found: 'This receipt does not exist, or it was deleted.',
  recurrence_not_found: 'This recurring expense does not exist, or it was deleted.',
  attachment_not_found: 'This attachment does not exist, or it is no longer kept.',
  recurrence_stopped: 'This recurring expense was stopped; it does not change any more.',
  repeat_start_too_early:
    'The change must start on or after the series’ next date, {{date}}, and not before today.',
  repeat_end_before_start: 'The end date must not come before the first date.',
  repeat_start_too_old:
    'A recurring expense may start a year ago at the earliest ({{date}}); enter older ones alone.',
  time_zone_unknown: 'Must be a time zone such as Europe/Lisbon.',
  event_id_taken: 'This event id is already in use; create the event again with a new id.',
  event_deleted: 'This event was deleted on {{deleted}}; it can be restored until {{until}}.',
  event_purged:
    'This event was deleted too long ago to be restored; it is about to be removed for good.',
  event_full: 'This event is full: it holds at most {{max}} expenses and payments.',
  event_full_entries: 'An event holds at most {{max}} expenses and payments.',
  event_full_people: 'This event is full: it has at most {{max}} people.',
  event_people_limit: 'An event has at most {{max}} people.',
  event_closed: 'This event is closed: everyone was settled. Reopen it to change it.',
  event_not_settled:
    'This event cannot be closed yet: not everyone is settled. Record the payments first.',
  event_changed_while_closing: 'The event changed while it was being closed; try again.',
  amounts_too_large:
    'The amounts of this event, converted at its exchange rates, are too large to add up exactly; check the exchange rates.',
  rate_too_large: 'An exchange rate makes a converted amount too large.',
  name_taken: 'There is already a person called {{name}}.',
  person_removed: '{{name}} was removed from this event.',
  person_not_in_event: 'This person is not part of the event (or was removed from it).',
  person_removed_elsewhere: 'This person was removed on another device.',
  person_in_use:
    '{{name}} still appears in expenses or payments ({{count}}); take them out of those first.',
  app_outdated:
    'This version of the app is out of date: reload it, then rename or remove the person again.',
  channel_forbidden: 'Only an event\'s channel, "private-event.{id}", can be joined.',
  edit_conflict:
    'This entry was changed on another device meanwhile ({{fields}}); choose which version to keep.',
  entry_deleted:
    'This entry was deleted on another device; restore it from the history to change it.',
  restore_names_removed:
    'This entry cannot be restored: it mentions {{names}}, who was removed from the event since.',
  restore_event_full:
    'This entry cannot be restored: the event already holds the most expenses and payments it may ({{max}}).',

  // Receipt photos
  photo_too_large: 'The photo is larger than {{megabytes}} MB; please send a smaller one.',
  photo_too_many_pixels:
    'This image is {{width}} × {{height}} pixels; at most {{megapixels}} megapixels are accepted. Please send a smaller photo.',
  photo_not_image: 'This file is not a photo we can read; please send one of these: {{types}}.',
  photo_types: 'Accepted: {{types}}.',
  photo_unreadable: 'This image could not be read; it may be damaged. Please take it again.',
  photo_empty: 'The photo is empty; please choose it again.',
  file_empty: 'The file is empty.',
  photo_missing: 'No photo was sent.',
  photo_as_file: 'Send the photo as a file in the field "{{field}}".',
  photo_one_at_a_time: 'Send one photo at a time, with no other fields.',
  photo_not_multipart: 'Send the photo as multipart/form-data in the field "{{field}}".',
  photo_form_unreadable:
    'The upload could not be read; send the photo as multipart/form-data in the field "{{field}}".',
  receipt_quota:
    'This event already keeps as many receipt photos as it may ({{photos}}, or {{megabytes}} MB); photos not attached to an expense are removed after a day.',
  receipt_quota_field: 'At most {{photos}} photos or {{megabytes}} MB per event.',
  receipt_not_in_event: 'This receipt is not one of this event; analyse the photo here again.',

  // Attachments of expenses and payments
  file_too_large: 'The file is larger than {{megabytes}} MB; please attach a smaller one.',
  file_not_multipart: 'Send the file as multipart/form-data in the field "{{field}}".',
  file_form_unreadable:
    'The upload could not be read; send the file as multipart/form-data in the field "{{field}}".',
  file_missing: 'No file was sent.',
  file_as_file: 'Send the file in the field "{{field}}".',
  file_one_at_a_time: 'Send one file at a time, with no other fields.',
  attachment_not_supported: 'This file cannot be attached; attach a photo ({{photos}}) or a PDF.',
  attachment_types: 'Accepted: photos and PDF files.',
  attachment_pdf_unreadable: 'This PDF could not be read; it may be damaged.',
  attachment_pdf_protected:
    'This PDF is protected by a password; attach a copy without the protection.',
  attachment_pdf_pages: 'This PDF has more than {{max}} pages; attach only the pages needed.',
  attachment_pdf_too_complex:
    'This PDF unpacks to more than {{megabytes}} MB and cannot be checked; attach a simpler copy, printed to PDF for example.',
  attachment_quota:
    'This event already keeps as many attachments as it may ({{files}}, or {{megabytes}} MB); remove some from its expenses and payments first.',
  attachment_quota_field: 'At most {{files}} attachments or {{megabytes}} MB per event.',
  attachment_not_in_event:
    'This attachment is not one of this event, or it is no longer kept; attach the file again.',

  // Importing a file
  import_refused: 'This file cannot be imported; nothing was created.',
  import_amounts_too_large:
    "This file's amounts, converted at its exchange rates, are too large to add up exactly.",
  import_person_twice: 'This person id is listed twice.',
  import_person_unknown: 'This person is not one of the people in the file.',
  import_too_many_entries:
    'An event holds at most {{max}} expenses and payments; this file has {{entries}}.',
  csv_text: 'Must be the text of the CSV file.',
  csv_columns: 'line {{line}}: expected {{expected}} columns, found {{found}}.',
  csv_quote:
    'line {{line}}: a quoted field is not closed where it should be; a field in quotes ends at its closing quote.',
  csv_quote_shows:
    'line {{line}}: a quoted field is not closed where it should be (it shows on line {{shows}}); a field in quotes ends at its closing quote.',
  csv_invalid: 'line {{line}}: this is not valid CSV.',
  csv_no_header: 'line 1: the file has no header.',
  csv_no_entries: 'line {{line}}: the file holds no expenses or payments.',
  csv_too_many_entries: 'the file has more than {{max}} expenses and payments.',
  csv_event_currency: '{{currency}} is not a currency we know; choose another for the event.',
  csv_splitwise_columns:
    'line {{line}}: a Splitwise export starts with the columns Date, Description, Category, Cost, Currency.',
  csv_no_people: 'line {{line}}: there is no column for a person.',
  csv_too_many_people: 'line {{line}}: an event has at most {{max}} people.',
  csv_name_empty: 'line {{line}}: the name in column {{column}} is empty.',
  csv_name_long: 'line {{line}}: the name in column {{column}} is longer than {{max}} characters.',
  csv_name_invalid: 'line {{line}}: the name in column {{column}} is not a name.',
  csv_name_nul: 'line {{line}}: the name in column {{column}} must not contain the NUL character.',
  csv_name_twice: 'line {{line}}: {{name}} has two columns.',
  csv_description_empty: 'line {{line}}: Description is empty.',
  csv_description_invalid: 'line {{line}}: Description is not valid text.',
  csv_description_nul: 'line {{line}}: Description must not contain the NUL character.',
  csv_date: 'line {{line}}: Date is not a date written as YYYY-MM-DD.',
  csv_currency: 'line {{line}}: Currency "{{currency}}" is not a currency we know.',
  csv_cost_zero: 'line {{line}}: Cost must be more than zero.',
  csv_cost_large: 'line {{line}}: Cost is too large.',
  csv_cost_decimals: 'line {{line}}: Cost has more decimals than its currency has.',
  csv_cost_number: 'line {{line}}: Cost is not a number.',
  csv_amount_decimals: "line {{line}}: {{name}}'s amount has more decimals than its currency has.",
  csv_amount_number: "line {{line}}: {{name}}'s amount is not a number.",
  csv_sum: "line {{line}}: the people's amounts add up to {{sum}}, not 0.",
  csv_payment_people:
    'line {{line}}: a payment needs one person who paid the cost and one who received it.',
  csv_owed_exceeds: 'line {{line}}: the amounts owed ({{owed}}) are more than the cost ({{cost}}).',
  csv_skipped: "“{{title}}” changes nobody's balance; it was left out.",
  csv_untitled: 'The description is empty; the entry is titled “{{title}}”.',
  import_body_missing:
    'Send the file as multipart/form-data in the field “file”, or an export as a JSON body.',
  import_not_text: 'This file is not text (UTF-8 or UTF-16).',
  import_unknown_format:
    'This file is none of the formats Quits reads: its own export, or one of Splitwise, Spliit, IHateMoney, Cospend, MoneyBuster, Settle Up or Abrechnung.',
  import_json_invalid: 'line {{line}}: this is not valid JSON.',
  import_json_broken: 'This is not valid JSON.',
  import_at_line: 'line {{line}}: {{problem}}',
  import_entry_unreadable: 'This entry cannot be read.',
  import_entry_date: 'The date is missing or is not a date.',
  import_entry_amount: 'The amount is missing, zero, too large or not a number.',
  import_entry_currency: 'Currency “{{currency}}” is not a currency we know.',
  import_entry_person: '“{{name}}” is not one of the people in the file.',
  import_entry_no_payer: 'Who paid cannot be told from the file.',
  import_entry_nobody: 'Nobody shares this entry.',
  import_entry_shares_sum: 'The shares do not add up to the amount.',
  import_spliit_payer:
    "Who paid cannot be told from Spliit's CSV for this row; import Spliit's JSON export instead.",
  import_no_entries: 'The file holds no expenses or payments.',
  import_too_many_people: 'An event has at most {{max}} people.',
  import_person_name: '“{{name}}” cannot be the name of a person.',
  import_currency_guessed:
    'The file does not say its currency; the event takes {{currency}}. Choose another if that is wrong.',
  import_deleted_left_out: '“{{title}}” is in the trash; it was left out.',
} as const satisfies Record<string, string>;

export type MessageCode = keyof typeof SERVER_MESSAGES;

/** What fills a message's `{{placeholders}}`. */
export type MessageParams = Readonly<Record<string, string | number>>;

/** A message as the server answers it: a code the app words, and what fills it. */
export interface CodedMessage {
  code: MessageCode;
  params?: MessageParams;
}

export const MESSAGE_CODES = Object.keys(SERVER_MESSAGES) as readonly MessageCode[];

/** Whether `code` is one the app can word (an answer from a newer server may name others). */
export function isMessageCode(code: unknown): code is MessageCode {
  return typeof code === 'string' && Object.hasOwn(SERVER_MESSAGES, code);
}

/** The English text of a message, its placeholders filled. */
export function englishOf({ code, params = {} }: CodedMessage): string {
  return SERVER_MESSAGES[code].replace(/\{\{(\w+)\}\}/g, (_whole, name: string) =>
    String(params[name] ?? ''),
  );
}
