/** A day picked in a date input → the end of that day, local time, as the API's ISO timestamp. */
export function endOfDay(day: string): string {
  return new Date(`${day}T23:59:59`).toISOString();
}

/** An ISO timestamp → the local day for a date input ("" for none). */
export function dayOf(timestamp: string | null): string {
  if (!timestamp) return '';
  const date = new Date(timestamp);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Tomorrow, the earliest expiry a new key may have, for the date input's `min`. */
export function tomorrow(): string {
  return dayOf(new Date(Date.now() + 86_400_000).toISOString());
}
