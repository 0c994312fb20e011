import { expect, type APIRequestContext } from '@playwright/test';

/** The local stack's AWS stand-in (playwright.config.ts starts it on the product's port + 3). */
const AWS_URL = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8100) + 3}`;

interface Mail {
  to: string[];
  subject: string;
  body: string;
}

/** Every email sent through the stand-in's SES: LocalStack's own endpoint, else moto's (as devtools/mailbox.py). */
async function sentMail(request: APIRequestContext): Promise<Mail[]> {
  const localstack = await request.get(`${AWS_URL}/_aws/ses`);
  if (localstack.ok() && (localstack.headers()['content-type'] ?? '').includes('json')) {
    const { messages = [] } = (await localstack.json()) as {
      messages?: { Destination: { ToAddresses?: string[] }; Subject?: string; Body?: { text_part?: string; html_part?: string } }[];
    };
    return messages.map((m) => ({ to: m.Destination.ToAddresses ?? [], subject: m.Subject ?? '', body: m.Body?.text_part ?? m.Body?.html_part ?? '' }));
  }
  const moto = await request.get(`${AWS_URL}/moto-api/data.json`);
  expect(moto.ok(), 'the AWS stand-in lists sent email').toBeTruthy();
  const data = (await moto.json()) as { ses?: { Message?: { destinations: { ToAddresses?: string[] }; subject: string; body: string }[] } };
  return (data.ses?.Message ?? []).map((m) => ({ to: m.destinations.ToAddresses ?? [], subject: m.subject, body: m.body }));
}

/** The address path (after '#') of the invitation link in the newest email to `email`. */
export async function invitationLinkTo(request: APIRequestContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await sentMail(request)).filter((m) => m.to.includes(email)).at(-1);
      link = mail?.body.match(/https?:\/\/\S+#(\/sts\/invitation\/[A-Za-z0-9_-]+)/)?.[1];
      return link;
    }, { message: `an invitation email to ${email}` })
    .toBeTruthy();
  return link!;
}
