//! The course's strategies, one file each. Each is one pass over the grid that changes boxes
//! only through [`Grid::set`](crate::Grid::set), closes one step per reason, and stops at the
//! first contradiction. Each adds the steps it makes to a count as it makes them.

mod eliminate;
mod naked_twins;
mod only_choice;

pub use eliminate::eliminate;
pub use naked_twins::naked_twins;
pub use only_choice::only_choice;

/// Where the steps of a pass belong in the search.
#[derive(Copy, Clone, Debug, Default)]
pub struct At {
    pub node: u32,
    pub depth: u32,
}
