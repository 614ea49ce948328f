/** What the user form hands to the list after saving (router state), to say what was done. */
export interface UsersPageState {
  saved: { email: string; created: boolean };
}

export const isUsersPageState = (state: unknown): state is UsersPageState =>
  typeof (state as UsersPageState | null)?.saved?.email === 'string';
