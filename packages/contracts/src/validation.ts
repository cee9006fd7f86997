import type { core } from 'zod/mini';

/*
 * Field errors as codes. Every way a contract field can fail has a stable code and its parameters
 * (`{ code: 'tooLong', params: { max: 200 } }`): the server sends them beside each field's English
 * message (`fieldErrorCodes` of the error envelope), and the web shows the text of the code in the
 * user's language, for its own checks and the server's alike. The texts of both languages live here,
 * once: the server's English messages (zod's error map, see `englishFieldMessage`) come from the
 * same table as the web's.
 */

/** What a value given to a text, number, list… field was expected to be, in `wrongType`. */
const expectedKinds = ['text', 'number', 'wholeNumber', 'boolean', 'list', 'object', 'date'] as const;
type ExpectedKind = (typeof expectedKinds)[number];

export const fieldErrorCodes = [
  'required',
  'wrongType',
  'tooShort',
  'tooLong',
  'tooSmall',
  'greaterThan',
  'tooBig',
  'lessThan',
  'tooFew',
  'tooMany',
  'multipleOf',
  'email',
  'phone',
  'date',
  'dateTime',
  'id',
  'webAddress',
  'format',
  'oneOf',
  'unknownFields',
  'invalid',
  'nulCharacter',
  'brokenCharacter',
  'passwordDigitsOnly',
  'passwordOrMail',
  'timeZone',
  'afterStart',
  'notBeforeStart',
  'tooManyYears',
  'spanTooLong',
  'fileName',
] as const;
export type FieldErrorCode = (typeof fieldErrorCodes)[number];

/** The parameters a field error's text names: a bound, the expected kind, the allowed values. */
export type FieldErrorParams = { [name: string]: string | number };
export interface FieldError {
  code: FieldErrorCode;
  params?: FieldErrorParams;
}

export type ValidationLanguage = 'en' | 'fr';
type Texts = {
  [Code in FieldErrorCode]: (params: FieldErrorParams) => string;
};

const expectedWords: Record<ValidationLanguage, Record<ExpectedKind, string>> = {
  en: {
    text: 'text',
    number: 'a number',
    wholeNumber: 'a whole number',
    boolean: 'yes or no (true or false)',
    list: 'a list',
    object: 'an object',
    date: 'a date',
  },
  fr: {
    text: 'du texte',
    number: 'un nombre',
    wholeNumber: 'un nombre entier',
    boolean: 'oui ou non (true ou false)',
    list: 'une liste',
    object: 'un objet',
    date: 'une date',
  },
};

const number = (value: string | number | undefined, language: ValidationLanguage) =>
  typeof value === 'number' ? value.toLocaleString(language === 'fr' ? 'fr-FR' : 'en-US') : String(value);

/** The text of every field error code, per language. */
export const fieldErrorTexts: Record<ValidationLanguage, Texts> = {
  en: {
    required: () => 'Required',
    wrongType: (p) => `Must be ${expectedWords.en[p.expected as ExpectedKind] ?? 'a valid value'}`,
    tooShort: (p) => `Too short (at least ${number(p.min, 'en')} characters)`,
    tooLong: (p) => `Too long (at most ${number(p.max, 'en')} characters)`,
    tooSmall: (p) => `Must be at least ${number(p.min, 'en')}`,
    greaterThan: (p) => `Must be more than ${number(p.min, 'en')}`,
    tooBig: (p) => `Must be at most ${number(p.max, 'en')}`,
    lessThan: (p) => `Must be less than ${number(p.max, 'en')}`,
    tooFew: (p) => (p.min === 1 ? 'Choose at least one' : `Choose at least ${number(p.min, 'en')}`),
    tooMany: (p) => `At most ${number(p.max, 'en')} allowed`,
    multipleOf: (p) => `Must be a multiple of ${number(p.step, 'en')}`,
    email: () => 'Not a valid e-mail address',
    phone: () => 'Not a valid phone number (digits, spaces, ( ) - . and a leading +)',
    date: () => 'Must be a date (YYYY-MM-DD)',
    dateTime: () => 'Must be a date and time (ISO 8601 with an offset)',
    id: () => 'Not a valid record id',
    webAddress: () => 'Not a valid web address (example.com)',
    format: () => 'Not in the expected format',
    oneOf: (p) => `Must be one of: ${p.values}`,
    unknownFields: (p) => `Unknown field: ${p.fields}`,
    invalid: () => 'Not a valid value',
    nulCharacter: () => 'May not contain the NUL character',
    brokenCharacter: () => 'May not contain a broken character (an unpaired surrogate)',
    passwordDigitsOnly: () => 'The password must not be made of digits only',
    passwordOrMail: () => 'Give an initial password, or choose to send a set-password mail (not both)',
    timeZone: () => 'Not a known time zone (for example Europe/Paris)',
    afterStart: () => 'Must be after the start',
    notBeforeStart: () => 'May not be before the start',
    tooManyYears: (p) => `At most ${number(p.max, 'en')} years after the start`,
    spanTooLong: (p) => `The range may span at most ${number(p.max, 'en')} days`,
    fileName: () => 'A name cannot contain a slash (/) nor be . or ..',
  },
  fr: {
    required: () => 'Obligatoire',
    wrongType: (p) => `Doit être ${expectedWords.fr[p.expected as ExpectedKind] ?? 'une valeur valide'}`,
    tooShort: (p) => `Trop court (au moins ${number(p.min, 'fr')} caractères)`,
    tooLong: (p) => `Trop long (${number(p.max, 'fr')} caractères au plus)`,
    tooSmall: (p) => `Doit valoir au moins ${number(p.min, 'fr')}`,
    greaterThan: (p) => `Doit être supérieur à ${number(p.min, 'fr')}`,
    tooBig: (p) => `Doit valoir au plus ${number(p.max, 'fr')}`,
    lessThan: (p) => `Doit être inférieur à ${number(p.max, 'fr')}`,
    tooFew: (p) =>
      p.min === 1 ? 'Choisissez-en au moins un' : `Choisissez-en au moins ${number(p.min, 'fr')}`,
    tooMany: (p) => `${number(p.max, 'fr')} au plus`,
    multipleOf: (p) => `Doit être un multiple de ${number(p.step, 'fr')}`,
    email: () => 'Adresse e-mail non valide',
    phone: () => 'Numéro de téléphone non valide (chiffres, espaces, ( ) - . et un + au début)',
    date: () => 'Doit être une date (AAAA-MM-JJ)',
    dateTime: () => 'Doit être une date et une heure (ISO 8601 avec décalage)',
    id: () => "Identifiant d'enregistrement non valide",
    webAddress: () => 'Adresse web non valide (exemple.com)',
    format: () => "N'a pas le format attendu",
    oneOf: (p) => `Doit être l'une des valeurs : ${p.values}`,
    unknownFields: (p) => `Champ inconnu : ${p.fields}`,
    invalid: () => 'Valeur non valide',
    nulCharacter: () => 'Ne peut pas contenir le caractère NUL',
    brokenCharacter: () => 'Ne peut pas contenir de caractère cassé (une demi-paire de substitution)',
    passwordDigitsOnly: () => 'Le mot de passe ne doit pas être fait que de chiffres',
    passwordOrMail: () =>
      "Donnez un mot de passe initial, ou choisissez d'envoyer un e-mail de création de mot de passe (pas les deux)",
    timeZone: () => 'Fuseau horaire inconnu (par exemple Europe/Paris)',
    afterStart: () => 'Doit être après le début',
    notBeforeStart: () => 'Ne peut pas être avant le début',
    tooManyYears: (p) => `${number(p.max, 'fr')} ans au plus après le début`,
    spanTooLong: (p) => `La période couvre ${number(p.max, 'fr')} jours au plus`,
    fileName: () => 'Un nom ne peut pas contenir de barre oblique (/) ni être . ou ..',
  },
};

/** The text of a field error in a language (English for a language without texts). */
export function fieldErrorText(error: FieldError, language: string): string {
  const texts = fieldErrorTexts[language.startsWith('fr') ? 'fr' : 'en'];
  return texts[error.code](error.params ?? {});
}

/** The params of a refinement that names its code: `z.refine(check, { error, params: codeParams('timeZone') })`. */
export const codeParams = (code: FieldErrorCode, params: FieldErrorParams = {}) => ({ code, ...params });

const isCode = (value: unknown): value is FieldErrorCode =>
  typeof value === 'string' && (fieldErrorCodes as readonly string[]).includes(value);

function expectedKind(expected: string): ExpectedKind | undefined {
  switch (expected) {
    case 'string':
      return 'text';
    case 'number':
    case 'bigint':
      return 'number';
    case 'int':
      return 'wholeNumber';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'tuple':
    case 'set':
      return 'list';
    case 'object':
    case 'record':
    case 'map':
      return 'object';
    case 'date':
      return 'date';
    default:
      return undefined;
  }
}

/** A bound as a number where it is one (dates and bigints are written out). */
const bound = (value: number | bigint | Date | unknown): string | number =>
  typeof value === 'number'
    ? value
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value);

/** Whether a field was filled in at all: not left out, null or an empty text. */
export const isFilled = (value: unknown) => value !== undefined && value !== null && value !== '';

/**
 * The code of a zod issue (a raw one in an error map, or a final one on the server), given whether
 * its field was filled in (isFilled): an empty field is `required` whatever it wanted (a date, a
 * record's id, one of a list of values).
 */
export function fieldErrorOf(issue: core.$ZodIssue | core.$ZodRawIssue, present: boolean): FieldError {
  const wanted =
    issue.code === 'invalid_type' || issue.code === 'invalid_value' || issue.code === 'invalid_format';
  if (!present && wanted) return { code: 'required' };
  switch (issue.code) {
    case 'invalid_type': {
      const kind = expectedKind(issue.expected);
      return kind ? { code: 'wrongType', params: { expected: kind } } : { code: 'invalid' };
    }
    case 'too_small': {
      const min = bound(issue.minimum);
      if (issue.origin === 'string')
        return issue.minimum === 1 ? { code: 'required' } : { code: 'tooShort', params: { min } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'tooFew', params: { min } };
      return { code: issue.inclusive === false ? 'greaterThan' : 'tooSmall', params: { min } };
    }
    case 'too_big': {
      const max = bound(issue.maximum);
      if (issue.origin === 'string') return { code: 'tooLong', params: { max } };
      if (issue.origin === 'array' || issue.origin === 'set') return { code: 'tooMany', params: { max } };
      return { code: issue.inclusive === false ? 'lessThan' : 'tooBig', params: { max } };
    }
    case 'invalid_format':
      switch (issue.format) {
        case 'email':
          return { code: 'email' };
        case 'date':
          return { code: 'date' };
        case 'datetime':
          return { code: 'dateTime' };
        case 'uuid':
        case 'guid':
          return { code: 'id' };
        case 'url':
          return { code: 'webAddress' };
        default:
          // A hand-written e-mail pattern is still an e-mail address to the reader.
          return { code: 'pattern' in issue && String(issue.pattern).includes('@') ? 'email' : 'format' };
      }
    case 'not_multiple_of':
      return { code: 'multipleOf', params: { step: bound(issue.divisor) } };
    case 'invalid_value':
      return { code: 'oneOf', params: { values: issue.values.map(String).join(', ') } };
    case 'unrecognized_keys':
      return { code: 'unknownFields', params: { fields: issue.keys.join(', ') } };
    case 'custom': {
      const { code, ...params } = (issue.params ?? {}) as FieldErrorParams;
      return isCode(code) ? { code, params } : { code: 'invalid' };
    }
    default:
      return { code: 'invalid' };
  }
}

/**
 * zod's error map for the contracts' checks that give no message of their own (a missing field, a
 * wrong type): the English text of the issue's code, instead of zod's "Invalid input: expected
 * string, received undefined". Installed by the server with `z.config({ customError })`.
 */
export function englishFieldMessage(issue: core.$ZodRawIssue): string {
  const present = isFilled(issue.input);
  return fieldErrorText(fieldErrorOf(issue, present), 'en');
}
