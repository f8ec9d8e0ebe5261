import { describe, expect, it } from 'vitest';
import { contentInputSchema, parseVideoUrl, VIDEO_URL_MESSAGE, videoEmbedUrl } from './content.ts';

describe('video addresses', () => {
  it.each([
    ['https://www.youtube.com/watch?v=eRsGyueVLvQ', 'youtube', 'eRsGyueVLvQ'],
    ['https://youtube.com/watch?v=eRsGyueVLvQ&t=30s', 'youtube', 'eRsGyueVLvQ'],
    ['https://m.youtube.com/watch?v=eRsGyueVLvQ', 'youtube', 'eRsGyueVLvQ'],
    ['https://youtu.be/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube.com/shorts/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ', 'youtube', 'aqz-KE-bpKQ'],
    ['https://vimeo.com/76979871', 'vimeo', '76979871'],
    ['https://player.vimeo.com/video/76979871', 'vimeo', '76979871'],
  ])('reads %s', (url, provider, id) => {
    expect(parseVideoUrl(url)).toEqual({ provider, id });
  });

  it.each([
    'http://www.youtube.com/watch?v=eRsGyueVLvQ',
    'https://evil.example/watch?v=eRsGyueVLvQ',
    'https://youtube.com.evil.example/watch?v=eRsGyueVLvQ',
    'https://www.youtube.com/watch?v=short',
    'https://www.youtube.com/watch?v=eRsGyueVLvQ"><script>',
    'https://user:pass@youtube.com/watch?v=eRsGyueVLvQ',
    'https://www.youtube.com/channel/UC123',
    'javascript:alert(1)',
    'data:text/html,hi',
    'https://vimeo.com/channels/staffpicks',
    'not a url',
  ])('refuses %s', (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it('embeds through youtube-nocookie.com and Vimeo with Do Not Track only', () => {
    expect(videoEmbedUrl({ provider: 'youtube', id: 'aqz-KE-bpKQ' })).toMatch(
      /^https:\/\/www\.youtube-nocookie\.com\/embed\/aqz-KE-bpKQ\?/,
    );
    expect(videoEmbedUrl({ provider: 'vimeo', id: '76979871' })).toContain('dnt=1');
  });

  it('the contract refuses an unknown host with a clear message', () => {
    const result = contentInputSchema.safeParse({
      slug: 'a-video',
      kind: 'video',
      title: 'A video',
      coverUrl: '/art/x.svg',
      videoUrl: 'https://dailymotion.com/video/x7',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(VIDEO_URL_MESSAGE);
  });
});
