import classes from './charts.module.css';

/** A legend label in the text colour (series colours such as yellow are unreadable as text). */
export function LegendLabel({ text }: { text: string }) {
  return <span className={classes.legend}>{text}</span>;
}
