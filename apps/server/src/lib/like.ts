/**
 * LIKE patterns from what a person typed. Every search of the API treats `%`, `_` and `\` as text
 * (docs/api.md), so each statement that uses these says `escape '\'` after the pattern.
 */

/** `%`, `_` and the escape character itself match literally (docs/api.md: search treats them as text). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The pattern of a "contains" search: the text anywhere, its wildcards as text. */
export const likePattern = (search: string) => `%${escapeLike(search)}%`;
