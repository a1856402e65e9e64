// Month and weekday names in English, German, French, Spanish, Italian and Dutch, folded (lower case, no accents),
// full and abbreviated. No abbreviation means different months in two languages, so one table serves all six.
// Abbreviations are listed without their trailing dot; date parsing strips it ("janv." -> "janv").

const MONTH_NAMES: ReadonlyArray<readonly string[]> = [
  // 1 January
  ['january', 'jan', 'januar', 'janner', 'jaenner', 'janvier', 'janv', 'enero', 'ene', 'gennaio', 'gen', 'januari'],
  // 2 February
  ['february', 'feb', 'febr', 'februar', 'feber', 'fevrier', 'fevr', 'fev', 'febrero', 'febbraio', 'februari'],
  // 3 March
  ['march', 'mar', 'marz', 'maerz', 'mrz', 'mars', 'marzo', 'maart', 'mrt'],
  // 4 April
  ['april', 'apr', 'avril', 'avr', 'abril', 'abr', 'aprile'],
  // 5 May
  ['may', 'mai', 'mayo', 'maggio', 'mag', 'mei'],
  // 6 June
  ['june', 'jun', 'juni', 'juin', 'junio', 'giugno', 'giu'],
  // 7 July
  ['july', 'jul', 'juli', 'juillet', 'juil', 'julio', 'luglio', 'lug'],
  // 8 August
  ['august', 'aug', 'aout', 'agosto', 'ago', 'augustus'],
  // 9 September
  ['september', 'sep', 'sept', 'septembre', 'septiembre', 'setiembre', 'set', 'settembre'],
  // 10 October
  ['october', 'oct', 'oktober', 'okt', 'octobre', 'octubre', 'ottobre', 'ott'],
  // 11 November
  ['november', 'nov', 'novembre', 'noviembre'],
  // 12 December
  ['december', 'dec', 'dezember', 'dez', 'decembre', 'diciembre', 'dic', 'dicembre'],
];

const MONTHS = new Map<string, number>();
MONTH_NAMES.forEach((names, index) => {
  for (const name of names) MONTHS.set(name, index + 1);
});

/** Weekday names (full, and abbreviations that are no month abbreviation): skipped in "Monday, 15 March 2026". */
const WEEKDAYS = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'mon',
  'tue',
  'tues',
  'wed',
  'thu',
  'thur',
  'thurs',
  'fri',
  'sat',
  'sun',
  'montag',
  'dienstag',
  'mittwoch',
  'donnerstag',
  'freitag',
  'samstag',
  'sonnabend',
  'sonntag',
  'lundi',
  'mardi',
  'mercredi',
  'jeudi',
  'vendredi',
  'samedi',
  'dimanche',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
  'lunedi',
  'martedi',
  'mercoledi',
  'giovedi',
  'venerdi',
  'sabato',
  'domenica',
  'maandag',
  'dinsdag',
  'woensdag',
  'donderdag',
  'vrijdag',
  'zaterdag',
  'zondag',
]);

/** Month number 1-12 for a folded month name or abbreviation ("märz" must be folded to "marz" first), else null. */
export function monthFromName(folded: string): number | null {
  return MONTHS.get(folded) ?? null;
}

/** True for a folded weekday name. */
export function isWeekdayName(folded: string): boolean {
  return WEEKDAYS.has(folded);
}

/** Every month name and abbreviation, longest first: for building scanners. */
export const MONTH_NAME_LIST: readonly string[] = [...MONTHS.keys()].sort((a, b) => b.length - a.length);
