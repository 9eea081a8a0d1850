import { staffRoleOf, type StaffRole } from '@shared/roles';
import type { StaffMember } from '@shared/schemas/ticket';
import type { StaffDirectory } from '@functions/fieldwork/ports/tickets';
import type { AwsHttpApi } from '@functions/platform/adapters/aws/aws-http-api';

/** A user as Cognito's user pool API answers it (the fields read here). */
interface CognitoUser {
  Username?: string;
  Enabled?: boolean;
  Attributes?: { Name: string; Value?: string }[];
}

const attribute = (user: CognitoUser, name: string) => user.Attributes?.find((a) => a.Name === name)?.Value?.trim() ?? '';

/**
 * A console account's role from its Cognito groups, found by its sign-in e-mail (an alias of the pool). Cognito's
 * JSON API is called signed, without its SDK client (docs/scale.md, "The SDK's unused operations, and calls without
 * its clients").
 */
export class CognitoStaffDirectory implements StaffDirectory {
  constructor(private readonly cognito: AwsHttpApi, private readonly userPoolId: () => string) {}

  private call<Answer>(operation: 'AdminGetUser' | 'AdminListGroupsForUser' | 'ListUsersInGroup', request: object): Promise<Answer> {
    return this.cognito.jsonRpc<Answer>(`AWSCognitoIdentityProviderService.${operation}`, request);
  }

  async roleOf(email: string): Promise<StaffRole | null> {
    try {
      const user = await this.call<CognitoUser>('AdminGetUser', { UserPoolId: this.userPoolId(), Username: email });
      if (!user.Username || user.Enabled === false) return null;
      const { Groups = [] } = await this.call<{ Groups?: { GroupName?: string }[] }>('AdminListGroupsForUser', { UserPoolId: this.userPoolId(), Username: user.Username });
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

  private async groupMembers(group: string): Promise<CognitoUser[]> {
    const users: CognitoUser[] = [];
    let next: string | undefined;
    do {
      const page = await this.call<{ Users?: CognitoUser[]; NextToken?: string }>('ListUsersInGroup', { UserPoolId: this.userPoolId(), GroupName: group, Limit: 60, NextToken: next });
      users.push(...(page.Users ?? []));
      next = page.NextToken;
    } while (next);
    return users;
  }
}
