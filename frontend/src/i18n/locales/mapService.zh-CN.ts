import type en from './mapService.en';

/** 简体中文 strings of a map service's fields: exactly the keys of mapService.en.ts. */
const mapService: Record<keyof typeof en, string> = {
  styleUrl: '样式地址（URL）',
  tileUrl: '瓦片地址（含 {z}/{x}/{y} 的 URL）',
  styleUrlInvalid: '样式地址必须是 http(s) 地址，例如 https://tiles.example.org/style.json。',
  tileUrlInvalid: '瓦片地址必须是 http(s) 地址，例如 https://tiles.example.org/{z}/{x}/{y}.png。',
  tileUrlPlaceholders: '瓦片地址必须包含 {z}、{x} 和 {y}（例如 https://tiles.example.org/{z}/{x}/{y}.png）。',
  accessToken: '访问令牌',
  attribution: '版权署名',
};

export default mapService;
