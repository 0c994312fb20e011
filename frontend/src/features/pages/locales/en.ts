/** English strings of the data section's menu and informational pages (under `pages`). */
const pages = {
  menu: {
    explore: 'Explore data',
    about: 'About the product',
  },
  placeholder: 'This page is being written. Its content will appear here soon.',
  mission: { title: 'Statement of purpose' },
  terms: { title: 'Terms and conditions' },
  privacy: { title: 'Privacy notice' },
  cookies: { title: 'Cookie policy' },
  partner: { title: 'Partners' },
  contactUs: { title: 'Contact us' },
  history: { title: 'History' },
  training: { title: 'Training' },
  glossary: { title: 'Glossary' },
  faq: { title: 'Frequently asked questions' },
  practice: { title: 'Best Practice' },
  more: { title: 'Learn More' },
  quickstart: { title: 'Quickstart' },
  report: { title: 'PDF report' },
};

export default pages;
