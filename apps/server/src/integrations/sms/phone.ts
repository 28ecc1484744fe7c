/**
 * A phone number of the product (10 digits, docs/product.md §5) in E.164, as SMS gateways take it:
 * the country code of SMS_COUNTRY_CODE, then the number without its trunk prefix (a leading 0, as
 * numbers are written at home in most countries outside North America). Null when what is stored
 * cannot be a number (too short, or too long once the country code is added). Decision 0037.
 */
export function toE164(phone: string, countryCode: string): string | null {
  const digits = phone.trim();
  if (!/^\d{7,15}$/.test(digits)) return null;
  const e164 = `${countryCode}${digits.replace(/^0/, '')}`;
  return /^\+[1-9]\d{7,14}$/.test(e164) ? e164 : null;
}

/** The last two digits: all a notice or a log line says of a phone number. */
export const phoneEnding = (phone: string) => phone.slice(-2);
