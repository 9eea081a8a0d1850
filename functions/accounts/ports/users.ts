/** A user as stored. Balance is integer rupiah; impact derives from dispensedMl. */
export interface UserRecord {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  profileImageUrl: string | null;
  balance: number;
  /** Rupiah the user owes (the receivable: water dispensed or a refund the balance did not cover); absent = 0. */
  owed?: number;
  /** Millilitres dispensed to this user over all settled vends. */
  dispensedMl: number;
  createdAt: string;
  updatedAt: string;
}

export type ProfileGaps = Partial<Pick<UserRecord, 'username' | 'email' | 'firstName' | 'lastName'>>;

export interface Users {
  get(id: string): Promise<UserRecord | null>;
  /** Creates the user unless it exists; returns the stored user either way. */
  ensure(user: Pick<UserRecord, 'id' | 'username' | 'firstName' | 'lastName' | 'email'>, now: string): Promise<UserRecord>;
  /**
   * Creates a guest order's ledger account unless it exists: a balance of its own, but no person (it is not listed
   * among the users nor counted as one).
   */
  ensureGuestAccount(id: string, now: string): Promise<void>;
  /** Users by creation time, newest first. */
  list(options: { limit: number; cursor?: string }): Promise<{ items: UserRecord[]; nextCursor: string | null }>;
  rename(id: string, username: string, now: string): Promise<UserRecord | null>;
  /**
   * Fills in profile fields a first call could not know (an e-mail, names, a readable username); null when the
   * user is gone or its username changed meanwhile (an admin's rename wins).
   */
  fillIn(id: string, fields: ProfileGaps, expectedUsername: string, now: string): Promise<UserRecord | null>;
}
