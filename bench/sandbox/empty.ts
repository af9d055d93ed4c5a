/** The sandbox benchmark's empty program: measures what a run costs before any work (start-up and transport). */
export default () => 0;
