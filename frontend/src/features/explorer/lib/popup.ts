import type { StationDetails } from '../api/stationsAt';
import { stationPath } from './stationLink';

export interface PopupLabels {
  identifier: string;
  lastSample: string;
  samples: string;
  open: string;
  selected: string;
  none: string;
}

/** The hash address of a station's page. */
export function stationHref(id: string): string {
  return `#${stationPath(id)}`;
}

/**
 * A station's popup on the map: name, identifier, last sample date, number of samples, a link to
 * its page and (when pinned by a click) a checkbox that selects it. Built as DOM, not React: the
 * map owns the popup's node. With `onOpen`, a plain click on the link opens the page through it (the
 * router, which can carry the explorer's address along); a click with a modifier (new tab) is the browser's.
 */
export function stationPopup(
  station: StationDetails,
  labels: PopupLabels,
  selection?: { selected: boolean; onToggle: () => void },
  onOpen?: (id: string) => void,
): HTMLElement {
  const root = document.createElement('div');
  root.className = 'station-popup';
  const title = document.createElement('strong');
  title.className = 'station-popup-name';
  title.textContent = station.name || station.identifier;
  root.appendChild(title);

  const facts = document.createElement('dl');
  const fact = (label: string, value: string) => {
    const dt = document.createElement('dt');
    dt.textContent = label;
    const dd = document.createElement('dd');
    dd.textContent = value;
    facts.append(dt, dd);
  };
  fact(labels.identifier, station.identifier || labels.none);
  fact(labels.lastSample, station.lastDate || labels.none);
  fact(labels.samples, station.sampleCount.toLocaleString());
  root.appendChild(facts);

  const link = document.createElement('a');
  link.href = stationHref(station.id);
  link.textContent = labels.open;
  if (onOpen) {
    link.addEventListener('click', (event) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onOpen(station.id);
    });
  }
  root.appendChild(link);

  if (selection) {
    const label = document.createElement('label');
    label.className = 'station-popup-select';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.checked = selection.selected;
    box.addEventListener('change', selection.onToggle);
    label.append(box, ` ${labels.selected}`);
    root.appendChild(label);
  }
  return root;
}
