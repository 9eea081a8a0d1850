/**
 * Amplify keeps a signed-in browser's tokens in localStorage under CognitoIdentityServiceProvider.<client>.*: without
 * them nobody is signed in, and a guest scanning the sticker does not load the sign-in code just to find that out.
 */
export const maybeSignedIn = () => {
  try {
    return Object.keys(localStorage).some((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'));
  } catch {
    return false;
  }
};
