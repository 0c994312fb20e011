/** English strings of a map service's fields (shell.mapService; src/shell/MapServiceFields.tsx). */
const mapService = {
  styleUrl: 'Style address (URL)',
  tileUrl: 'Tile address (URL with {z}/{x}/{y})',
  styleUrlInvalid: 'The style address must be an http(s) address, for example https://tiles.example.org/style.json.',
  tileUrlInvalid: 'The tile address must be an http(s) address, for example https://tiles.example.org/{z}/{x}/{y}.png.',
  tileUrlPlaceholders: 'The tile address must hold {z}, {x} and {y} (for example https://tiles.example.org/{z}/{x}/{y}.png).',
  accessToken: 'Access token',
  attribution: 'Attribution',
};

export default mapService;
