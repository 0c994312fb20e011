import admin from '../../features/admin/locales/en';
import apiReference from '../../features/apiReference/locales/en';
import dashboards from '../../features/dashboards/locales/en';
import explorer from '../../features/explorer/locales/en';
import imports from '../../features/imports/locales/en';
import invitations from '../../features/invitations/locales/en';
import organizations from '../../features/organizations/locales/en';
import pages from '../../features/pages/locales/en';
import projects from '../../features/projects/locales/en';
import stations from '../../features/stations/locales/en';
import timeseries from '../../features/timeseries/locales/en';
import mapService from './mapService.en';
import useInPython from './useInPython.en';

/** English: the reference language. Every key here must exist in every other language. */
const en = {
  explorer,
  imports,
  stations,
  timeseries,
  pages,
  admin,
  dashboards,
  invitations,
  organizations,
  projects,
  apiReference,
  app: {
    name: 'Open Water Data',
  },
  common: {
    loading: 'Loading...',
    goHome: 'Go to the home page',
    dismiss: 'Dismiss',
    cancel: 'Cancel',
    create: 'Create',
    save: 'Save',
    edit: 'Edit',
    delete: 'Delete',
    rename: 'Rename',
    close: 'Close',
    none: 'None',
    search: 'Search',
    actions: 'Actions',
    previous: 'Previous',
    next: 'Next',
    pageOf: 'Page {{page}} of {{pageCount}}',
    total: '{{count}} in total',
    noResults: 'Nothing found.',
    requestFailed: 'The request failed (HTTP {{status}}).',
    serverUnavailable: 'The server did not answer in time or is unavailable (HTTP {{status}}). Try again in a moment.',
    changedMeanwhile: {
      notice: 'Someone else changed this while you were editing it. Their values are shown under the fields; save again to replace them with yours.',
      field: 'Changed meanwhile by someone else to: {{value}}',
      empty: '(empty)',
    },
  },
  validation: {
    invalidDate: 'Enter a date as YYYY-MM-DD.',
    fromAfterTo: 'The start date must not be after the end date.',
    invalidHuc: 'A hydrologic unit code has 2, 4, 6, 8, 10 or 12 digits.',
    invalidDateInAddress: '“{{value}}” in the address is not a date; choose a date.',
  },
  language: {
    label: 'Language',
    current: 'Language: {{language}}',
    changed: 'Language changed successfully.',
  },
  system: {
    home: {
      tagline: 'Water-quality monitoring data from organizations, volunteers and agencies: find stations on the map, read their series, build dashboards.',
      explore: 'Explore data',
      learnMore: 'About the product',
    },
    info: {
      title: 'About this installation',
      label: 'System information',
      version: 'Version',
      stage: 'Stage',
      buildTime: 'Build time',
      notRecorded: 'Not recorded',
    },
    // The deployment stages by name (the product deploys local, dev and prod; test and staging are common names): a
    // stage not named here is shown as GET /system/info gives it.
    stages: {
      local: 'Local',
      dev: 'Development',
      test: 'Test',
      staging: 'Staging',
      prod: 'Production',
    },
  },
  auth: {
    signIn: 'Sign in',
    signOut: 'Sign out',
    signedIn: 'You are signed in.',
    userMenu: 'User menu',
    dialog: {
      title: 'Sign in again',
      message: 'Your session has ended. Sign in again to continue.',
    },
    login: {
      title: 'Sign in',
      message: 'Sign in to see this page.',
      unavailable: 'Sign-in is not configured for this site.',
    },
    profile: {
      title: 'Profile',
      name: 'Name',
      email: 'Email',
      systemRoles: 'System roles',
      organizationRoles: 'Organization roles',
      deleteAccount: 'Delete my account',
      deleteConfirm: 'Delete your account, your memberships and your dashboards? This cannot be undone.',
      // Shown to the portal's only system administrator in the delete dialog (they may still delete).
      onlyAdmin:
        'You are the only system administrator. Once your account is deleted, nobody can manage users, roles or settings until someone is made system administrator, by another administrator or by the operator through the ADMIN_EMAILS setting.',
      onlyAdminSuggestion: 'Consider giving the system administrator role to someone else first.',
      onlyAdminLink: 'Open the Users screen',
      settings: 'Your settings',
      displayName: 'Display name',
      language: 'Language',
      importEmails: 'Email me when an import of mine that took a while ends, or an import source I set up starts failing',
      nameRequired: 'Enter a name.',
      saved: 'Profile saved.',
      deleted: 'Your account has been deleted.',
      removed: 'Your account has been deleted, so you were signed out. Signing in again starts a new, empty account.',
      membership: '{{organization}} — {{role}}',
      memberRoles: {
        'group-admin': 'Group administrator',
        'data-contributor': 'Data contributor',
        'simple-user': 'Member',
      },
    },
  },
  shell: {
    useInPython,
    mapService,
    /** The browser tab's title: the page's name, then the product's. */
    documentTitle: '{{page}} – {{app}}',
    skipToMain: 'Skip to main content',
    widgetActions: 'Widget actions',
    menu: {
      label: 'Main menu',
      collapse: 'Collapse menu',
      expand: 'Expand menu',
      home: 'Home',
    },
    lazy: {
      failed: 'Component load failed',
      /** The toast when a part of the page cannot be loaded (the browser's own message follows it). */
      unavailable: 'This part of the page could not be loaded. Check your connection and try again.',
      retry: 'Try again',
    },
    /** A screen whose data could not be loaded (shell/LoadError): what happened, in plain words, and Try again. */
    loadError: {
      offline: 'Could not reach the server. Check your connection, then try again.',
      serverError: 'The server ran into a problem and could not answer. Try again; if it keeps happening, tell the administrators (Contact us).',
      detail: 'Details: {{detail}}',
      retry: 'Try again',
      retrying: 'Trying again…',
    },
  },
  errors: {
    forbidden: {
      title: 'Access denied',
      message: 'You do not have permission to see this page.',
    },
    notFound: {
      title: 'Page not found',
      message: 'There is no page at {{url}}.',
    },
    route: {
      title: 'Something went wrong',
    },
    /** The signed-in user's profile could not be loaded (an outage, not a refusal): the page waits for it. */
    unreachable: {
      title: 'The server is not answering',
      message: 'Your account could not be loaded, so this page cannot be shown yet. This is not a question of permission.',
    },
  },
  /** Horizontal datums (WQX codes) by readable name; the code is what is stored. */
  datums: {
    WGS84: 'WGS 84 (GPS, phones, web maps)',
    NAD83: 'NAD83 (North American Datum 1983)',
    NAD27: 'NAD27 (North American Datum 1927)',
    HARN: 'HARN (High Accuracy Reference Network, NAD83)',
    WGS72: 'WGS 72 (World Geodetic System 1972)',
    OLDHI: 'OLDHI (Old Hawaiian Datum)',
    PR: 'PR (Puerto Rico Datum)',
    GUAM: 'GUAM (Guam 1963)',
    AMSMA: 'AMSMA (American Samoa Datum)',
    ASTRO: 'ASTRO (Midway Astro 1961)',
    JOHNS: 'JOHNS (Johnston Island 1961)',
    WAKE: 'WAKE (Wake-Eniwetok 1960)',
    SGEOR: 'SGEOR (St. George Island Datum)',
    SLAWR: 'SLAWR (St. Lawrence Island Datum)',
    SPAUL: 'SPAUL (St. Paul Island Datum)',
    OTHER: 'Other',
    UNKWN: 'Unknown',
  },
};

export default en;
