/** Default home path (spec: shell). */
export const HOME_PATH = '/home';
export const NOT_FOUND_PATH = '/404';
