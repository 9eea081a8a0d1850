/**
 * Amplify keeps a signed-in browser's tokens in localStorage under CognitoIdentityServiceProvider.<client>.*: without
 * them nobody is signed in, and a guest scanning the sticker does not load the sign-in code just to find that out.
 */
const LAST_USER = '.LastAuthUser';

/** The key naming the last user who signed in (`CognitoIdentityServiceProvider.<client>.LastAuthUser`), if any. */
const lastUserKey = () => Object.keys(localStorage).find((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith(LAST_USER));

export const maybeSignedIn = () => {
  try {
    return lastUserKey() !== undefined;
  } catch {
    return false;
  }
};

/** The ID token Amplify stored for the last user who signed in, as it is (maybe expired), or null. */
export function storedIdToken(): string | null {
  try {
    const key = lastUserKey();
    const user = key && localStorage.getItem(key);
    return (user && localStorage.getItem(`${key.slice(0, -LAST_USER.length)}.${user}.idToken`)) || null;
  } catch {
    return null;
  }
}
