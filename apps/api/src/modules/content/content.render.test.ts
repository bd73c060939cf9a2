// The content's rich text against the OWASP XSS Filter Evasion Cheat Sheet: every vector, as HTML and inside
// Markdown, comes out without a script, an event handler, a style, a frame or a javascript:/vbscript:/data: URL.
import { describe, expect, it } from 'vitest';
import { renderMarkdown, sanitizeContentHtml } from './content.render.ts';

/** Vectors from the OWASP XSS Filter Evasion Cheat Sheet (a representative set of each family). */
const OWASP_VECTORS = [
  `<SCRIPT SRC=https://xss.rocks/xss.js></SCRIPT>`,
  `javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+alert(1)//'>`,
  `<IMG SRC="javascript:alert('XSS');">`,
  `<IMG SRC=javascript:alert('XSS')>`,
  `<IMG SRC=JaVaScRiPt:alert('XSS')>`,
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  `<a onmouseover="alert(document.cookie)">xxs link</a>`,
  `<a onmouseover=alert(document.cookie)>xxs link</a>`,
  `<IMG """><SCRIPT>alert("XSS")</SCRIPT>"\\>`,
  `<IMG SRC=javascript:alert(String.fromCharCode(88,83,83))>`,
  `<IMG SRC=# onmouseover="alert('xxs')">`,
  `<IMG SRC= onmouseover="alert('xxs')">`,
  `<IMG onmouseover="alert('xxs')">`,
  `<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>`,
  `<img src=x onerror="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041">`,
  `<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>`,
  `<IMG SRC=&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058&#0000097&#0000108&#0000101&#0000114&#0000116&#0000040&#0000039&#0000088&#0000083&#0000083&#0000039&#0000041>`,
  `<IMG SRC=&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A&#x61&#x6C&#x65&#x72&#x74&#x28&#x27&#x58&#x53&#x53&#x27&#x29>`,
  `<IMG SRC="jav	ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x09;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0A;ascript:alert('XSS');">`,
  `<IMG SRC="jav&#x0D;ascript:alert('XSS');">`,
  `<IMG SRC=" &#14;  javascript:alert('XSS');">`,
  `<SCRIPT/XSS SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<BODY onload!#$%&()*~+-_.,:;?@[/|\\]^\`=alert("XSS")>`,
  `<SCRIPT/SRC="http://xss.rocks/xss.js"></SCRIPT>`,
  `<<SCRIPT>alert("XSS");//\\<</SCRIPT>`,
  `<SCRIPT SRC=http://xss.rocks/xss.js?< B >`,
  `<SCRIPT SRC=//xss.rocks/.j>`,
  `<IMG SRC="\`<javascript:alert>\`('XSS')"`,
  `<iframe src=http://xss.rocks/scriptlet.html <`,
  `\\";alert('XSS');//`,
  `</TITLE><SCRIPT>alert("XSS");</SCRIPT>`,
  `<INPUT TYPE="IMAGE" SRC="javascript:alert('XSS');">`,
  `<BODY BACKGROUND="javascript:alert('XSS')">`,
  `<IMG DYNSRC="javascript:alert('XSS')">`,
  `<IMG LOWSRC="javascript:alert('XSS')">`,
  `<STYLE>li {list-style-image: url("javascript:alert('XSS')");}</STYLE><UL><LI>XSS</br>`,
  `<IMG SRC='vbscript:msgbox("XSS")'>`,
  `<svg/onload=alert('XSS')>`,
  `<BODY ONLOAD=alert('XSS')>`,
  `<BGSOUND SRC="javascript:alert('XSS');">`,
  `<BR SIZE="&{alert('XSS')}">`,
  `<LINK REL="stylesheet" HREF="javascript:alert('XSS');">`,
  `<STYLE>@import'http://xss.rocks/xss.css';</STYLE>`,
  `<META HTTP-EQUIV="Link" Content="<http://xss.rocks/xss.css>; REL=stylesheet">`,
  `<STYLE>BODY{-moz-binding:url("http://xss.rocks/xssmoz.xml#xss")}</STYLE>`,
  `<IMG STYLE="xss:expr/*XSS*/ession(alert('XSS'))">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert('XSS');">`,
  `<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">`,
  `<IFRAME SRC="javascript:alert('XSS');"></IFRAME>`,
  `<IFRAME SRC=# onmouseover="alert(document.cookie)"></IFRAME>`,
  `<FRAMESET><FRAME SRC="javascript:alert('XSS');"></FRAMESET>`,
  `<TABLE BACKGROUND="javascript:alert('XSS')">`,
  `<TABLE><TD BACKGROUND="javascript:alert('XSS')">`,
  `<DIV STYLE="background-image: url(javascript:alert('XSS'))">`,
  `<DIV STYLE="background-image:\\0075\\0072\\006C\\0028'\\006a\\0061\\0076\\0061\\0073\\0063\\0072\\0069\\0070\\0074\\003a\\0061\\006c\\0065\\0072\\0074\\0028.1027\\0058.1053\\0053\\0027\\0029'\\0029">`,
  `<DIV STYLE="width: expression(alert('XSS'));">`,
  `<BASE HREF="javascript:alert('XSS');//">`,
  `<OBJECT TYPE="text/x-scriptlet" DATA="http://xss.rocks/scriptlet.html"></OBJECT>`,
  `<EMBED SRC="data:image/svg+xml;base64,PHN2ZyB4bWxuczpzdmc9Imh0dH A6Ly93d3cudzMub3JnLzIwMDAvc3ZnIiB4bWxucz0iaHR0cDovL3d3dy53My5vcmcv MjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hs aW5rIiB2ZXJzaW9uPSIxLjAiIHg9IjAiIHk9IjAiIHdpZHRoPSIxOTQiIGhlaWdodD0iMjAw IiBpZD0ieHNzIj48c2NyaXB0IHR5cGU9InRleHQvZWNtYXNjcmlwdCI+YWxlcnQoIlh TUyIpOzwvc2NyaXB0Pjwvc3ZnPg==" type="image/svg+xml" AllowScriptAccess="always"></EMBED>`,
  `<XML ID="xss"><I><B><IMG SRC="javas<!-- -->cript:alert('XSS')"></B></I></XML>`,
  `<HTML><BODY><?xml:namespace prefix="t" ns="urn:schemas-microsoft-com:time"><?import namespace="t" implementation="#default#time2"><t:set attributeName="innerHTML" to="XSS<SCRIPT DEFER>alert(&quot;XSS&quot;)</SCRIPT>"></BODY></HTML>`,
  `<SCRIPT SRC="http://xss.rocks/xss.jpg"></SCRIPT>`,
  `<!--#exec cmd="/bin/echo '<SCR'"--><!--#exec cmd="/bin/echo 'IPT SRC=http://xss.rocks/xss.js></SCRIPT>'"-->`,
  `<? echo('<SCR)'; echo('IPT>alert("XSS")</SCRIPT>'); ?>`,
  `<HEAD><META HTTP-EQUIV="CONTENT-TYPE" CONTENT="text/html; charset=UTF-7"> </HEAD>+ADw-SCRIPT+AD4-alert('XSS');+ADw-/SCRIPT+AD4-`,
  `<SCRIPT a=">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT =">" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=">" '' SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT "a='>'" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=\`>\` SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT a=">'>" SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<SCRIPT>document.write("<SCRI");</SCRIPT>PT SRC="httx://xss.rocks/xss.js"></SCRIPT>`,
  `<A HREF="javascript:document.location='http://www.google.com/'">XSS</A>`,
  `<A HREF="http://0x42.0x0000066.0x7.0x93/">XSS</A>`,
  `<a href="jav&#x09;ascript:alert(1)">x</a>`,
  `<a href="&#x6A;avascript:alert(1)">x</a>`,
  `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`,
  `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`,
  `<form action="javascript:alert(1)"><button>go</button></form>`,
  `<details open ontoggle=alert(1)>`,
  `<video><source onerror="alert(1)">`,
  `<object data="javascript:alert(1)">`,
  `<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>`,
];

/** What must never survive: executable elements, event handlers, styles, and dangerous URL schemes. */
function assertSafe(html: string) {
  const tags = [...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)];
  for (const [, name, attrs] of tags) {
    expect(name!.toLowerCase()).toMatch(
      /^(h[2-6]|p|br|hr|strong|em|b|i|u|s|del|blockquote|ul|ol|li|a|code|pre|table|thead|tbody|tr|th|td|img|figure|figcaption|span|sup|sub|abbr|small)$/,
    );
    const pairs = [...attrs!.matchAll(/([a-zA-Z-:]+)="([^"]*)"/g)];
    for (const [, attr, value] of pairs) {
      expect(attr!.toLowerCase()).toMatch(
        /^(href|title|rel|target|src|alt|width|height|loading|decoding|scope|colspan|rowspan|start)$/,
      );
      if (attr === 'href' || attr === 'src') {
        // Either no scheme (a path on this site) or one of the allowed ones.
        const scheme = /^\s*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(value!.replace(/&#?\w+;/g, ''))?.[1]?.toLowerCase();
        if (scheme !== undefined) expect(['http', 'https', 'mailto', 'tel']).toContain(scheme);
      }
    }
  }
  // Nothing executable survives as markup (escaped text such as "&lt;script&gt;" is harmless).
  expect(html).not.toMatch(/<\s*(script|iframe|object|embed|style|svg|math|form|meta|link|base)\b/i);
}

describe('sanitising HTML (html_content blocks)', () => {
  it.each(OWASP_VECTORS.map((v, i) => [i, v]))('OWASP vector %i comes out inert', (_i, vector) => {
    assertSafe(sanitizeContentHtml(vector as string));
  });

  it('keeps the formatting an editor means', () => {
    expect(sanitizeContentHtml('<h2>Prizes</h2><p>Win <strong>big</strong> <a href="/oz-lotto">now</a></p>')).toBe(
      '<h2>Prizes</h2><p>Win <strong>big</strong> <a href="/oz-lotto">now</a></p>',
    );
    expect(sanitizeContentHtml('<h1>Title</h1>')).toBe('<h2>Title</h2>');
    expect(sanitizeContentHtml('<a href="https://example.org" target="_self" onclick="x()">x</a>')).toBe(
      '<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
    expect(sanitizeContentHtml('<p>a<script>alert(1)</script>b</p>')).toBe('<p>ab</p>');
  });
});

describe('rendering Markdown (image beside text, full page content, markdown translations)', () => {
  it.each(OWASP_VECTORS.map((v, i) => [i, v]))('OWASP vector %i inside Markdown comes out inert', (_i, vector) => {
    assertSafe(renderMarkdown(`Some **text**\n\n${vector as string}\n\n- a list`));
  });

  it('renders Markdown links and refuses javascript: ones', () => {
    expect(renderMarkdown('[Play](/oz-lotto) and [bad](javascript:alert(1))')).toBe(
      '<p><a href="/oz-lotto">Play</a> and <a>bad</a></p>',
    );
    expect(renderMarkdown('# Heading\n\n| a | b |\n|---|---|\n| 1 | 2 |')).toContain('<h2>Heading</h2>');
    expect(renderMarkdown('![logo](javascript:alert(1))')).not.toContain('javascript');
  });
});
