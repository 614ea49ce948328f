/** The roles of the user catalogue (spec section 6). */
export const roles = ['ADMIN', 'USER', 'ANDROID_USER'] as const;
export type Role = (typeof roles)[number];
