import { describe, expect, it } from 'vitest';
import { markdownHtml, renderMarkdown } from './markdown.js';

describe('renderMarkdown', () => {
  it('renders the allowed Markdown: paragraphs, headings, emphasis, links, lists, quotes, rules', () => {
    const html = renderMarkdown(
      [
        '# The 2024 vintage',
        '',
        'Dear member, **a cool year** and *small berries*.',
        '',
        '## In the cellar',
        '',
        '- Cabernet',
        '- Merlot',
        '',
        '1. First',
        '',
        '> Patience.',
        '',
        '---',
        '',
        'Write to [us](mailto:cellar@example.com) or see [the vineyard](https://example.com/vineyard).',
      ].join('\n'),
    );
    expect(html).toContain('<h2>The 2024 vintage</h2>');
    expect(html).toContain('<p>Dear member, <strong>a cool year</strong> and <em>small berries</em>.</p>');
    expect(html).toContain('<h2>In the cellar</h2>');
    expect(html).toMatch(/<ul>\s*<li>Cabernet<\/li>\s*<li>Merlot<\/li>\s*<\/ul>/);
    expect(html).toMatch(/<ol>\s*<li>First<\/li>\s*<\/ol>/);
    expect(html).toMatch(/<blockquote>\s*<p>Patience.<\/p>\s*<\/blockquote>/);
    expect(html).toContain('<hr />');
    expect(html).toContain('<a href="mailto:cellar@example.com" rel="noopener noreferrer">us</a>');
    expect(html).toContain('<a href="https://example.com/vineyard" rel="noopener noreferrer">the vineyard</a>');
  });

  it('strips <script>, event handlers, javascript: links and every raw HTML tag', () => {
    const html = renderMarkdown(
      [
        'Before <script>alert("x")</script> after.',
        '',
        '<script>steal(document.cookie)</script>',
        '',
        '<img src="x" onerror="alert(1)">',
        '',
        '<div onclick="alert(2)"><p>Inside a div</p></div>',
        '',
        '<iframe src="https://evil.example"></iframe>',
        '',
        '[click](javascript:alert(3)) and [data](data:text/html;base64,PHNjcmlwdD4=) and <a href="javascript:alert(4)">raw</a>',
        '',
        '![pixel](https://evil.example/p.png "t")',
        '',
        '<style>body{display:none}</style>',
        '',
        'Text with <span style="color:red">colour</span> and <b>bold</b>.',
      ].join('\n'),
    );
    for (const forbidden of [
      '<script',
      'alert(',
      'steal(',
      'onerror',
      'onclick',
      'javascript:',
      'data:',
      '<img',
      '<iframe',
      '<div',
      '<style',
      'display:none',
      '<span',
      'style=',
      '<b>',
    ]) {
      expect(html, forbidden).not.toContain(forbidden);
    }
    expect(html).toContain('Before');
    expect(html).toContain('after.');
    expect(html).toContain('colour');
    expect(html).toMatch(/<a rel="noopener noreferrer">click<\/a>/);
  });

  it('escapes what is typed as text, and answers nothing for a blank source', () => {
    expect(renderMarkdown('1 < 2 & "quotes"')).toBe('<p>1 &lt; 2 &amp; "quotes"</p>');
    expect(renderMarkdown('  \n ')).toBe('');
    expect(markdownHtml('')).toBeNull();
    expect(markdownHtml(null)).toBeNull();
    expect(markdownHtml('Hello')).toBe('<p>Hello</p>');
  });
});
