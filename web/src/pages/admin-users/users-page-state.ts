/** What the user form hands to the list after saving (router state), to say what was done. */
export interface UsersPageState {
  saved: { email: string; created: boolean };
}

export const usersPagePath = '/AdminUsers';

export const userFormPath = (email: string) => `/UpdateUser/${encodeURIComponent(email)}`;

export const isUsersPageState = (state: unknown): state is UsersPageState =>
  typeof (state as UsersPageState | null)?.saved?.email === 'string';
