import { render, screen } from '@testing-library/react';
import * as React from 'react';
import { describe, expect, it } from 'vitest';
import { labelledServers } from './swaggerUi';

/** Swagger UI's Servers component as 5.35 draws it: the list inside an empty label. */
function SwaggerServers(props: Record<string, unknown>) {
  const url = String(props.url);
  return (
    <div className="servers">
      <label htmlFor="servers">
        <select id="servers" defaultValue={url}><option value={url}>{url}</option></select>
      </label>
    </div>
  );
}

describe('the servers list of the API reference', () => {
  it('has a name, in the interface’s language, and keeps what Swagger UI draws', () => {
    const Servers = labelledServers({ text: '服务器', lang: 'zh-CN' }).wrapComponents.Servers(SwaggerServers, { React });
    render(<Servers url="/api/v1" />);
    const list = screen.getByRole('combobox', { name: '服务器' });
    expect(list).toHaveValue('/api/v1');
    expect(document.querySelector('label.visually-hidden[for="servers"]')).toHaveAttribute('lang', 'zh-CN');
  });
});
