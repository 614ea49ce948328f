/** E-mail addresses identify users; they compare without case or surrounding spaces. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
