import { generatePassword as generate, PASSWORD_ALPHABET } from '@shared/password-generator';

/**
 * Add User's Generate button: the app's one generator (letters and digits, nothing a shell or a
 * URL reads specially), at the 12 characters a new user's generated password has.
 */
export const GENERATED_PASSWORD_LENGTH = 12;
export { PASSWORD_ALPHABET };

export const generatePassword = (length = GENERATED_PASSWORD_LENGTH) => generate(length);
