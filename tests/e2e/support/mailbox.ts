import { expect, test, type APIRequestContext } from '@playwright/test';

/** The AWS stand-in of the test's copy of the product (tests/e2e/support/stacks.ts starts it on the product's port + 3). */
function awsUrl(): string {
  const product = new URL(String(test.info().project.use.baseURL));
  return `http://127.0.0.1:${Number(product.port) + 3}`;
}

interface Mail {
  to: string[];
  subject: string;
  body: string;
}

/** Every email sent through the stand-in's SES: LocalStack's own endpoint, else moto's (as devtools/mailbox.py). */
async function sentMail(request: APIRequestContext): Promise<Mail[]> {
  const aws = awsUrl();
  const localstack = await request.get(`${aws}/_aws/ses`);
  if (localstack.ok() && (localstack.headers()['content-type'] ?? '').includes('json')) {
    const { messages = [] } = (await localstack.json()) as {
      messages?: { Destination: { ToAddresses?: string[] }; Subject?: string; Body?: { text_part?: string; html_part?: string } }[];
    };
    return messages.map((m) => ({ to: m.Destination.ToAddresses ?? [], subject: m.Subject ?? '', body: m.Body?.text_part ?? m.Body?.html_part ?? '' }));
  }
  const moto = await request.get(`${aws}/moto-api/data.json`);
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
