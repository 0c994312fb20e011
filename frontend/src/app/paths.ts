/** Default home path and the shell's fixed paths (spec: shell). */
export { HOME_PATH, NOT_FOUND_PATH, FORBIDDEN_PATH, LOGIN_PATH } from '../shell/navigation';
