import { AdminGetUserCommand, AdminListGroupsForUserCommand, type CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { staffRoleOf, type StaffRole } from '@shared/roles';
import type { StaffDirectory } from '../../ports/tickets';

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
}
