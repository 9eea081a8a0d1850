import { AdminGetUserCommand, AdminListGroupsForUserCommand, ListUsersInGroupCommand, type CognitoIdentityProviderClient, type UserType } from '@aws-sdk/client-cognito-identity-provider';
import { staffRoleOf, type StaffRole } from '@shared/roles';
import type { StaffMember } from '@shared/schemas';
import type { StaffDirectory } from '../../ports/tickets';

const attribute = (user: UserType, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';

/** A console account's role from its Cognito groups, found by its sign-in e-mail (an alias of the pool). */
export class CognitoStaffDirectory implements StaffDirectory {
  constructor(private readonly cognito: CognitoIdentityProviderClient, private readonly userPoolId: () => string) {}

  async roleOf(email: string): Promise<StaffRole | null> {
    try {
      const user = await this.cognito.send(new AdminGetUserCommand({ UserPoolId: this.userPoolId(), Username: email }));
      if (!user.Username || user.Enabled === false) return null;
      const { Groups = [] } = await this.cognito.send(new AdminListGroupsForUserCommand({ UserPoolId: this.userPoolId(), Username: user.Username }));
      return staffRoleOf(Groups.map((g) => g.GroupName ?? ''));
    } catch (error) {
      if ((error as Error).name === 'UserNotFoundException') return null;
      throw error;
    }
  }

  async assignable(): Promise<StaffMember[]> {
    // Admins first: an account in both groups acts as an admin (shared/roles.ts).
    const members = new Map<string, StaffMember>();
    for (const role of ['admin', 'technician'] as const) {
      for (const user of await this.groupMembers(role)) {
        const email = attribute(user, 'email').toLowerCase();
        if (!email || user.Enabled === false || members.has(email)) continue;
        const name = [attribute(user, 'given_name'), attribute(user, 'family_name')].filter(Boolean).join(' ');
        members.set(email, { email, name: name || email, role });
      }
    }
    return [...members.values()];
  }

  private async groupMembers(group: string): Promise<UserType[]> {
    const users: UserType[] = [];
    let next: string | undefined;
    do {
      const page = await this.cognito.send(new ListUsersInGroupCommand({ UserPoolId: this.userPoolId(), GroupName: group, Limit: 60, NextToken: next }));
      users.push(...(page.Users ?? []));
      next = page.NextToken;
    } while (next);
    return users;
  }
}
